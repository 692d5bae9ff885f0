/** An endpoint's signing secret: hidden until revealed, then copyable; rotation asks first. */
import { useState } from 'react';
import { Actions, Button, ConfirmButton, FieldError, Note } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { CopyField } from '../../shell/copy-button.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf } from '../../shell/use-load.js';

/** The secret of `endpointId`. */
export function SigningSecret({ endpointId }: { endpointId: string }) {
  const { app } = useProjectAdmin();
  const toast = useToast();
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reveal = async () => {
    setBusy(true);
    setError(null);
    try {
      setSecret(await app.webhooks.revealSecret(endpointId));
    } catch (e) {
      setError(`The secret could not be read. ${messageOf(e)}`);
    } finally {
      setBusy(false);
    }
  };
  const rotate = async () => {
    try {
      await app.webhooks.rotateSecret(endpointId);
      toast('Signing secret rotated');
      // Show the new one if the old one was on screen; otherwise keep it hidden.
      if (secret !== null) setSecret(await app.webhooks.revealSecret(endpointId));
    } catch (e) {
      toast(`The secret could not be rotated. ${messageOf(e)}`, 'error');
    }
  };

  return (
    <div className="console-webhooks-secret">
      <h3>Signing secret</h3>
      <Note>Your receiver checks each request's signature with this secret.</Note>
      {secret !== null ? <CopyField label="Signing secret" value={secret} /> : null}
      <FieldError>{error}</FieldError>
      <Actions>
        {secret === null ? (
          <Button variant="secondary" loading={busy} onClick={reveal}>
            Reveal secret
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setSecret(null)}>
            Hide secret
          </Button>
        )}
        <ConfirmButton
          label="Rotate secret"
          question="Make a new signing secret? The current one keeps signing beside it for 24 hours, so update your receiver within a day."
          confirmLabel="Yes, rotate"
          onConfirm={rotate}
        />
      </Actions>
    </div>
  );
}
