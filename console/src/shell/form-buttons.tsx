/** The button row that ends a console form: submit, and Cancel where the form can be closed. */
import type { ReactNode } from 'react';
import { Actions, Button } from 'signet/react';

/**
 * `submit` labels the submit button, which shows `busy` as loading; with `onCancel`, a Cancel
 * button follows it, disabled while the form is sending so a half-sent change is not left behind.
 */
export function FormButtons({
  submit,
  busy,
  onCancel,
}: {
  submit: ReactNode;
  busy: boolean;
  onCancel?: () => void;
}) {
  return (
    <Actions>
      <Button type="submit" loading={busy}>
        {submit}
      </Button>
      {onCancel && (
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      )}
    </Actions>
  );
}
