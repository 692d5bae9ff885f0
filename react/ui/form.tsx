/**
 * The form element of every kit form: the browser's own validation is off (the kit shows its own
 * messages, product-spec §2 'submitted without native browser validation') and submitting never
 * reloads the page.
 */
import type { ReactNode } from 'react';

/** Props of `Form`. */
export interface FormProps {
  /** Names the form in `data-form`, for styling and tests. */
  name: string;
  /** Called on submit (Enter in a field, or the submit button). */
  onSubmit: () => void;
  children: ReactNode;
}

/** A `<form>` that hands submission to `onSubmit`. */
export function Form({ name, onSubmit, children }: FormProps) {
  return (
    <form
      className="signet-form"
      noValidate
      data-form={name}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
