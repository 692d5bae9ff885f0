/**
 * The magic-link form's code step in a DOM: typed characters upper-cased and moving on, the arrow
 * keys, Backspace, a pasted code filling every slot and signing in with code + nonce, a wrong code
 * clearing the slots with the reason in words, and Cancel back to the email step.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { magicLink } from '../../plugins/magic-link/index.js';
import { magicLinkScreens } from '../../plugins/magic-link/screens.js';
import { AuthPage } from '../../react/index.js';
import type { Route } from '../support/fake-api.js';
import { clientUserJson, json, knownError, signInAnswer } from '../support/fake-api.js';
import { renderWithApp } from './render-app.js';

afterEach(() => cleanup());

const NONCE = 'n'.repeat(39);
const slots = () =>
  within(screen.getByRole('group', { name: 'Sign-in code' })).getAllByRole('textbox') as HTMLInputElement[];
const shown = () =>
  slots()
    .map((slot) => slot.value || '_')
    .join('');
const signInCodes = async (requests: Request[]) =>
  Promise.all(
    requests
      .filter((r) => r.url.endsWith('/auth/otp/sign-in'))
      .map(async (r) => ((await r.clone().json()) as { code: string }).code),
  );

/** Renders the form and goes to the code step. */
async function atCodeStep(signIn: Route) {
  const rendered = renderWithApp(<AuthPage type="sign-in" />, {
    plugins: [magicLink()],
    screens: [magicLinkScreens()],
    routes: {
      'POST /auth/otp/send-sign-in-code': () => json({ nonce: NONCE }),
      'POST /auth/otp/sign-in': signIn,
      'GET /users/me': (request) =>
        request.headers.get('x-stack-access-token') ? json(clientUserJson('u1')) : json({}),
    },
  });
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send email' }));
  await screen.findByText('Enter the code from your email');
  return rendered;
}

describe('magic-link code input', () => {
  it('upper-cases typed characters and moves the focus on; arrows move, Backspace steps back', async () => {
    const { requests } = await atCodeStep(() => signInAnswer('u1'));
    expect(slots()).toHaveLength(6);
    expect(document.activeElement).toBe(slots()[0]);
    fireEvent.change(slots()[0]!, { target: { value: 'a' } });
    fireEvent.change(slots()[1]!, { target: { value: '7' } });
    fireEvent.change(slots()[2]!, { target: { value: '-' } });
    expect(shown()).toBe('A7____');
    // Only letters and digits count: the dash left the focus where it was.
    expect(document.activeElement).toBe(slots()[2]);

    fireEvent.keyDown(slots()[2]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(slots()[1]);
    fireEvent.keyDown(slots()[1]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(slots()[2]);
    // Backspace on an empty slot removes the one before it and goes there.
    fireEvent.keyDown(slots()[2]!, { key: 'Backspace' });
    expect(shown()).toBe('A_____');
    expect(document.activeElement).toBe(slots()[1]);
    expect(await signInCodes(requests)).toEqual([]);
  });

  it('fills every slot from a pasted code and signs in with the code and the nonce', async () => {
    const { requests, app } = await atCodeStep(() => signInAnswer('u1'));
    fireEvent.paste(slots()[0]!, { clipboardData: { getData: () => ' ab3 d-9z\n' } });
    await waitFor(() => expect(app.user.value?.id).toBe('u1'));
    // Sent once, as the wire wants it: the six characters then the nonce, lower-cased.
    expect(await signInCodes(requests)).toEqual([`ab3d9z${NONCE}`]);
  });

  it('clears the slots after a wrong code and says why; Cancel goes back to the email', async () => {
    await atCodeStep(() =>
      knownError('VERIFICATION_CODE_NOT_FOUND', 'The verification code does not exist for this project.', {}),
    );
    fireEvent.paste(slots()[0]!, { clipboardData: { getData: () => 'ZZZZZZ' } });
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(shown()).toBe('______'));
    expect(screen.getByRole('group', { name: 'Sign-in code' }).getAttribute('aria-invalid')).toBe('true');
    // Typing again clears the message.
    fireEvent.change(slots()[0]!, { target: { value: 'q' } });
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await screen.findByLabelText('Email')) as HTMLInputElement).toBeTruthy();
    expect(screen.queryByText('Enter the code from your email')).toBeNull();
  });
});
