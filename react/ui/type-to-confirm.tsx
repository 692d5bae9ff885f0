/**
 * A destructive action confirmed by typing a text exactly (a team's name before deleting it): the
 * first button opens the question with a field, and the confirm button acts only when the field
 * holds that text. Escape or Cancel steps back and focus returns to the first button.
 */
import { type ReactNode, useState } from 'react';
import { Button } from './button.js';
import { TextField } from './text-field.js';
import { useQuestion } from './use-question.js';

/** Props of `TypeToConfirm`. */
export interface TypeToConfirmProps {
  /** The first button's label, e.g. `'Delete team'`. */
  label: string;
  /** What confirming does, in words. */
  question: ReactNode;
  /** The text to type, exactly (case and spaces count), e.g. the team's name. */
  expected: string;
  /** The field's label; `Type “<expected>” to confirm` when left out. */
  fieldLabel?: string;
  /** The confirm button's label, e.g. `'Delete this team'`. */
  confirmLabel: string;
  onConfirm: () => Promise<void>;
}

/** Whether `typed` is `expected`, composed characters compared by their normal form. */
const matches = (typed: string, expected: string) => typed.normalize('NFC') === expected.normalize('NFC');

/** A button that asks the user to type `expected` before it acts. */
export function TypeToConfirm({
  label,
  question,
  expected,
  fieldLabel,
  confirmLabel,
  onConfirm,
}: TypeToConfirmProps) {
  const ask = useQuestion();
  const { asking, trigger } = ask;
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setTyped('');
    setError(undefined);
    ask.close();
  };
  const confirm = async () => {
    if (busy) return;
    if (!matches(typed, expected)) {
      setError(`Type “${expected}” exactly to confirm.`);
      return;
    }
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      close();
    }
  };

  if (!asking)
    return (
      <div ref={trigger} className="signet-confirm-trigger">
        <Button variant="secondary" onClick={ask.open}>
          {label}
        </Button>
      </div>
    );
  return (
    <form
      className="signet-type-confirm"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || busy) return;
        event.stopPropagation();
        close();
      }}
    >
      <fieldset className="signet-confirm">
        <legend className="signet-confirm-question">{question}</legend>
        <TextField
          label={fieldLabel ?? `Type “${expected}” to confirm`}
          autoFocus
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={typed}
          error={error}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(undefined);
          }}
        />
        <div className="signet-account-actions">
          <Button type="submit" variant="primary" className="signet-button--danger" loading={busy}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={close}>
            Cancel
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
