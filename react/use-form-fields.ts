/**
 * The state of a form's text fields: each field's value and error, one message for the whole form,
 * and a ref per input so that a failed check can move focus to the field the user must fix.
 * Editing a field clears its error (and those of the fields it is checked against), so a message
 * never outlives the input it was about.
 */
import { type ChangeEvent, type RefObject, useRef, useState } from 'react';

/** Field name → message; a field without a message is fine. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** What `field(name)` gives an input; `TextField` and `PasswordField` take it as it is. */
export interface FieldProps {
  value: string;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** Options of `useFormFields`. */
export interface FormFieldsOptions<F extends string> {
  /**
   * Groups of fields checked against each other, such as a password and its repeat: editing any
   * field of a group clears the errors of the whole group.
   */
  linked?: readonly (readonly F[])[];
}

/** What `useFormFields` returns. */
export interface FormFields<F extends string> {
  /** The current value of every field. */
  values: Record<F, string>;
  /** The current error of every field that has one. */
  errors: FieldErrors<F>;
  /** A message about the whole form (for `FormError`), or null. */
  formError: string | null;
  /** Value, error, ref and change handler for the input of `name`: spread it onto the field. */
  field: (name: F) => FieldProps;
  /**
   * Shows `errors` in place of the current ones, clears the form message and focuses the first
   * field (in the order of `initial`) that has an error. Returns true when there was any error, so
   * a submit handler can stop: `if (form.showErrors(validate(form.values))) return;`.
   */
  showErrors: (errors: FieldErrors<F>) => boolean;
  /** Replaces the field errors without moving focus. */
  setErrors: (errors: FieldErrors<F>) => void;
  /** Sets or clears the message about the whole form. */
  setFormError: (message: string | null) => void;
}

/**
 * Field-and-error state for a form. `initial` names the fields, in the order focus looks for the
 * first invalid one, with their starting values.
 *
 * ```tsx
 * const form = useFormFields({ email: '', password: '' });
 * <TextField label="Email" name="email" {...form.field('email')} />
 * ```
 */
export function useFormFields<F extends string>(
  initial: Record<F, string>,
  options: FormFieldsOptions<NoInfer<F>> = {},
): FormFields<F> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Stable ref objects, made on first use: a field rendered only sometimes simply stays null.
  const refs = useRef<Partial<Record<F, RefObject<HTMLInputElement | null>>>>({});
  const refOf = (name: F) => {
    const ref = refs.current[name] ?? { current: null };
    refs.current[name] = ref;
    return ref;
  };

  const field = (name: F): FieldProps => ({
    value: values[name],
    error: errors[name],
    inputRef: refOf(name),
    onChange: (event) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      const cleared = options.linked?.find((group) => group.includes(name)) ?? [name];
      setErrors((current) => {
        const rest = { ...current };
        for (const other of cleared) delete rest[other];
        return rest;
      });
    },
  });

  const showErrors = (found: FieldErrors<F>) => {
    setFormError(null);
    setErrors(found);
    const first = (Object.keys(initial) as F[]).find((name) => found[name]);
    if (first) refs.current[first]?.current?.focus();
    return first !== undefined;
  };

  return { values, errors, formError, field, showErrors, setErrors, setFormError };
}
