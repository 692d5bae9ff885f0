/**
 * The WebAuthn library comes with the first ceremony, not with the plugin: the support check is
 * the library's own test, and a WebAuthnError still becomes PASSKEY_WEBAUTHN_ERROR.
 */
import { browserSupportsWebAuthn, WebAuthnError } from '@simplewebauthn/browser';
import { afterEach, expect, it, vi } from 'vitest';
import { SignetError } from '../../core/index.js';
import { browserWebAuthn, ceremonyError } from '../../plugins/passkey/webauthn.js';

afterEach(() => vi.unstubAllGlobals());

it('answers isSupported as browserSupportsWebAuthn does', () => {
  for (const value of [undefined, {}, class PublicKeyCredential {}]) {
    vi.stubGlobal('PublicKeyCredential', value);
    expect(browserWebAuthn.isSupported()).toBe(browserSupportsWebAuthn());
  }
});

it('turns a WebAuthnError into PASSKEY_WEBAUTHN_ERROR, keeps ours, and falls back for the rest', async () => {
  const fallback = new SignetError('PASSKEY_REGISTRATION_FAILED', 400, 'unknown');
  const browser = new WebAuthnError({
    message: 'The authenticator was previously registered',
    code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
    cause: new Error('InvalidStateError'),
  });
  const converted = await ceremonyError(browser, fallback);
  expect(converted.code).toBe('PASSKEY_WEBAUTHN_ERROR');
  expect(converted.details).toEqual({
    message: 'The authenticator was previously registered',
    code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
  });
  const ours = new SignetError('PASSKEY_WEBAUTHN_ERROR', 400, 'x');
  expect(await ceremonyError(ours, fallback)).toBe(ours);
  expect(await ceremonyError(new Error('other'), fallback)).toBe(fallback);
});
