/**
 * The signed-in user's email and whether it is verified, with a button that emails a fresh
 * verification link when it is not (the sign-up email may be lost or expired).
 */
import { useState } from 'react';
import { contactChannels } from 'signet/plugins/contact-channels';
import { TextButton, usePluginApi, useUser } from 'signet/react';

type SendState = 'idle' | 'sending' | 'sent' | { error: string };

/** 'Verified' or 'Not verified' beside the primary email; nothing without one. */
export function EmailStatus() {
  const user = useUser();
  const channels = usePluginApi(contactChannels);
  const [send, setSend] = useState<SendState>('idle');
  if (!user?.primaryEmail) return null;

  const resend = async () => {
    setSend('sending');
    try {
      const result = await channels.sendVerificationEmail();
      setSend(result.status === 'ok' ? 'sent' : { error: result.error.message });
    } catch (error) {
      setSend({ error: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div className="example-email">
      <p data-testid="email-status">
        {user.primaryEmail} · {user.primaryEmailVerified ? 'Verified' : 'Not verified'}
      </p>
      {!user.primaryEmailVerified && (
        <TextButton disabled={send === 'sending'} onClick={() => void resend()}>
          {send === 'sending' ? 'Sending…' : 'Send a new verification email'}
        </TextButton>
      )}
      {send === 'sent' && <p role="status">Verification email sent. Check your inbox.</p>}
      {typeof send === 'object' && <p role="alert">{send.error}</p>}
    </div>
  );
}
