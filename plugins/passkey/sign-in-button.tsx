/**
 * 'Sign in with Passkey' above the sign-in forms (product-spec §2): shown on the sign-in page only,
 * when the project has passkeys on and the browser can use them. The browser then offers the
 * passkeys it holds for this site; a failure is said under the button.
 */
import { useEffect, useState } from 'react';
import { Button, FieldError, useAuthSubmit, usePluginApi } from '../../react/index.js';
import { passkey } from './index.js';

/** The passkey sign-in button. */
export function PasskeySignInButton() {
  const api = usePluginApi(passkey);
  const [message, setMessage] = useState<string | null>(null);
  // Decided after mounting: a server render cannot know, and hydration must match it.
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(api.isSupported()), [api]);
  const { pending, submit } = useAuthSubmit(async () => {
    setMessage(null);
    try {
      const result = await api.signIn();
      if (result.status === 'error') setMessage(result.error.message);
    } catch (error) {
      setMessage(`Failed to sign in with passkey: ${(error as Error).message}`);
    }
  });
  if (!supported) return null;
  return (
    <div>
      <Button
        variant="secondary"
        loading={pending}
        onClick={() => void submit()}
        data-testid="passkey-sign-in"
      >
        Sign in with Passkey
      </Button>
      <FieldError>{message}</FieldError>
    </div>
  );
}
