/**
 * The keys of a key set just made: shown this once, each with Copy, until the admin says they
 * have them. They live only in this component's props; nothing stores them.
 */
import { useEffect, useRef } from 'react';
import type { CreatedApiKey } from 'signet/plugins/admin-api-keys';
import { Actions, Button, Note } from 'signet/react';
import { CopyField } from '../../shell/copy-button.js';

/** The full keys of `created`, with a note that they will not be shown again. */
export function NewKeys({
  projectId,
  created,
  onDismiss,
}: {
  projectId: string;
  created: CreatedApiKey;
  onDismiss: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the keys, so a keyboard or screen reader user lands on what they must copy.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="console-section console-api-keys-new" aria-labelledby="console-api-keys-new-title">
      <h2 id="console-api-keys-new-title" ref={heading} tabIndex={-1}>
        Keys for “{created.description}”
      </h2>
      <Note role="status">
        Copy these keys now and keep them somewhere safe: they will not be shown again. If one is lost, create
        new keys and revoke these.
      </Note>
      <CopyField label="Project ID" value={projectId} />
      {created.publishableClientKey && (
        <CopyField label="Publishable client key" value={created.publishableClientKey} />
      )}
      {created.secretServerKey && <CopyField label="Secret server key" value={created.secretServerKey} />}
      {created.superSecretAdminKey && (
        <CopyField label="Super secret admin key" value={created.superSecretAdminKey} />
      )}
      <Actions>
        <Button onClick={onDismiss}>I have copied the keys</Button>
      </Actions>
    </section>
  );
}
