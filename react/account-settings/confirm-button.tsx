/**
 * A destructive action behind a second, explicit click: the first shows what will happen and a
 * confirm button (focused, so Enter confirms), Escape or Cancel steps back. Focus returns to the
 * first button when the question closes, so a keyboard user does not land at the top of the page.
 */
import { type ReactNode, useState } from 'react';
import { Button } from '../ui/button.js';
import { useQuestion } from '../ui/use-question.js';

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
  const { asking, trigger, open, close } = useQuestion();
  const [busy, setBusy] = useState(false);

  if (!asking)
    return (
      <div ref={trigger} className="signet-confirm-trigger">
        <Button variant="secondary" onClick={open}>
          {label}
        </Button>
      </div>
    );
  return (
    <fieldset
      className="signet-confirm"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || busy) return;
        // The question is what Escape closes, not a dialog or page around it.
        event.stopPropagation();
        close();
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
              close();
            }
          }}
        >
          {confirmLabel}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={close}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}
