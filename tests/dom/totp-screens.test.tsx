/**
 * The totp plugin's second-factor screen in a DOM: six digits submit themselves once typed (here
 * pasted), the attempt code and the digits go to `mfa/sign-in`, and a refused code is worded for
 * where the screen is: on a callback page it says to sign in again.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { password } from '../../plugins/password/index.js';
import { totp } from '../../plugins/totp/index.js';
import { totpScreens } from '../../plugins/totp/screens.js';
import { SecondFactorSlot } from '../../react/index.js';
import { knownError } from '../support/fake-api.js';
import { renderWithApp } from './render-app.js';

afterEach(cleanup);

const ATTEMPT = 'a'.repeat(45);
const routes = {
  'POST /auth/password/sign-in': () =>
    knownError(
      'MULTI_FACTOR_AUTHENTICATION_REQUIRED',
      'Multi-factor authentication is required for this user.',
      {
        attempt_code: ATTEMPT,
      },
    ),
  'POST /auth/mfa/sign-in': () =>
    knownError('INVALID_TOTP_CODE', 'The TOTP code is invalid. Please try again.'),
};

it.each([
  ['callback', 'Invalid TOTP code. Please try signing in again.'],
  ['auth-page', 'Invalid TOTP code'],
] as const)(
  'on the %s, sends a pasted code by itself and says “%s” when it is refused',
  async (place, words) => {
    const { app, requests } = renderWithApp(<SecondFactorSlot place={place} />, {
      plugins: [password(), totp()],
      screens: [totpScreens()],
      routes,
    });
    const first = await app.password.signIn({ email: 'ada@example.com', password: 'pw', noRedirect: true });
    expect(first.status).toBe('second-factor-required');
    await screen.findByText('Enter the code from your authenticator app');
    const slot = screen.getByRole('textbox', { name: 'Authenticator code, character 1 of 6' });
    fireEvent.paste(slot, { clipboardData: { getData: () => '12 34 56' } });
    expect((await screen.findByRole('alert')).textContent).toBe(words);
    const sent = requests.filter((r) => r.url.endsWith('/auth/mfa/sign-in'));
    expect(sent).toHaveLength(1);
    expect(await sent[0]!.json()).toEqual({ code: ATTEMPT, type: 'totp', totp: '123456' });
    // The slots start over for the next code, and the attempt still waits.
    expect((slot as HTMLInputElement).value).toBe('');
    expect(app.pendingSignIn.value?.attemptCode).toBe(ATTEMPT);
  },
);
