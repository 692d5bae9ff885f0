/**
 * The pages an emailed link opens (verify an email, sign in, reset a password) all start the same
 * way: take the link's `code` and use it once. This hook does that and turns a failure into a
 * sentence a user understands.
 */
import { useEffect, useRef, useState } from 'react';
import type { Result } from '../core/result.js';
import { useApp } from './hooks.js';
import { verificationErrorMessage } from './verification-error-message.js';

/** Where using a link's code stands. */
export type LinkCodeState =
  | { status: 'working' }
  | { status: 'done' }
  /** The code signed the user in, who must now give a second factor. */
  | { status: 'second-factor-required' }
  | { status: 'failed'; message: string };

/**
 * Calls `use(code)` once after the page mounts and reports how it went. A link is single use, so
 * the call runs once even when React mounts effects twice in development. Without a code the state
 * is `failed` with `missingMessage` and nothing is called. The setter lets a page report a later
 * failure of the same code (a reset code used up meanwhile, say).
 */
export function useLinkCode(
  code: string | null,
  use: (code: string) => Promise<Result<unknown, string> | { status: 'second-factor-required' }>,
  missingMessage: string,
): [LinkCodeState, (state: LinkCodeState) => void] {
  const [state, setState] = useState<LinkCodeState>(
    code ? { status: 'working' } : { status: 'failed', message: missingMessage },
  );
  const started = useRef(false);
  const latestUse = useRef(use);
  latestUse.current = use;

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    const failed = (error: unknown) =>
      setState({ status: 'failed', message: verificationErrorMessage(error) });
    latestUse
      .current(code)
      .then((result) =>
        result.status === 'error'
          ? failed(result.error)
          : setState({ status: result.status === 'ok' ? 'done' : result.status }),
      )
      .catch(failed);
  }, [code]);

  return [state, setState];
}

/**
 * `useLinkCode` for a page whose logic is a plugin's callback route: runs `app.handle()` on the
 * page the browser is at, so the React page and a host without React do exactly the same thing.
 */
export function useCallbackRoute(
  code: string | null,
  missingMessage: string,
): [LinkCodeState, (state: LinkCodeState) => void] {
  const app = useApp();
  return useLinkCode(
    code,
    async () => {
      // The page the app is at (its environment's current URL: location.href in a browser).
      const handled = await app.handle();
      if (!handled) throw new Error('No plugin of this app handles this page.');
      return handled.result as Result<unknown, string> | { status: 'second-factor-required' };
    },
    missingMessage,
  );
}
