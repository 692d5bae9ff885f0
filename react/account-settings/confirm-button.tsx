/**
 * A destructive action behind a second, explicit click: the first shows what will happen and a
 * confirm button (focused, so Enter confirms), Escape or Cancel steps back.
 */
import { type ReactNode, useState } from 'react';
import { Button } from '../ui/button.js';

/** Props of `ConfirmButton`. */
export interface ConfirmButtonProps {
  /** The first button's label, e.g. `'Remove'`. */
  label: string;
  /** What confirming does, in words. */
  question: ReactNode;
  /** The confirm button's label, e.g. `'Yes, remove'`. */
  confirmLabel: string;
  onConfirm: () => Promise<void>;
}

/** A button that asks before it acts. */
export function ConfirmButton({ label, question, confirmLabel, onConfirm }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking)
    return (
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  return (
    <fieldset
      className="signet-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setAsking(false);
      }}
    >
      <legend className="signet-confirm-question">{question}</legend>
      <div className="signet-account-actions">
        <Button
          autoFocus
          variant="primary"
          className="signet-button--danger"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
              setAsking(false);
            }
          }}
        >
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}
