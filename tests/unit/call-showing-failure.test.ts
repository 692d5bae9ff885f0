/** How every form shows a failed call: expected failures under the field, the rest as the form message. */
import { describe, expect, it } from 'vitest';
import { ConnectionError, RateLimitError, SignetError } from '../../core/errors/signet-error.js';
import { callShowingFailure, UNHANDLED_MESSAGE } from '../../react/call-showing-failure.js';

/** A form that records what it was told to show, in order. */
function recordingForm() {
  const shown: Array<[string, unknown]> = [];
  return {
    shown,
    showErrors: (errors: Partial<Record<'email', string>>) => {
      shown.push(['errors', errors]);
      return Object.keys(errors).length > 0;
    },
    setFormError: (message: string | null) => void shown.push(['form', message]),
  };
}

describe('callShowingFailure', () => {
  it('returns the data of a successful call and shows nothing', async () => {
    const form = recordingForm();
    expect(await callShowingFailure(form, 'email', async () => ({ status: 'ok', data: 42 }))).toEqual({
      data: 42,
    });
    expect(form.shown).toEqual([]);
  });

  it('puts an error result under the field', async () => {
    const form = recordingForm();
    const error = new SignetError('EMAIL_PASSWORD_MISMATCH', 400, 'Wrong e-mail or password.');
    expect(await callShowingFailure(form, 'email', async () => ({ status: 'error', error }))).toBeNull();
    expect(form.shown).toEqual([['errors', { email: 'Wrong e-mail or password.' }]]);
  });

  it('puts a thrown rate limit or known error under the field, never an unhandled rejection', async () => {
    const form = recordingForm();
    const limited = await callShowingFailure(form, 'email', async () => {
      throw new RateLimitError(125_000);
    });
    expect(limited).toBeNull();
    expect(form.shown).toEqual([['errors', { email: 'Too many attempts. Please try again in 3 minutes.' }]]);
  });

  it('shows anything else as the form message with the unhandled-error text', async () => {
    const form = recordingForm();
    await callShowingFailure(form, 'email', async () => {
      throw new ConnectionError('http://api.test/api/v1/x', ['POST http://api.test/api/v1/x: fetch failed']);
    });
    expect(form.shown[0]).toEqual(['errors', {}]);
    expect(form.shown[1]?.[0]).toBe('form');
    expect(form.shown[1]?.[1]).toMatch(
      new RegExp(`^${UNHANDLED_MESSAGE.replace(/\./g, '\\.')} Could not reach`),
    );
  });
});
