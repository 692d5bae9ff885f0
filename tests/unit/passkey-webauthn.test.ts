/** The browser half's checks before a ceremony (product-spec §5): RP id and user id rules. */
import { expect, it } from 'vitest';
import { creationOptionsFor, requestOptionsFor, rpIdFor } from '../../plugins/passkey/webauthn.js';
import { PASSKEY_RP_ID_SENTINEL } from '../../wire/index.js';

it('uses the page hostname as RP id when it can be one', () => {
  expect(rpIdFor('localhost')).toBe('localhost');
  expect(rpIdFor('app.example.com')).toBe('app.example.com');
  for (const bad of ['127.0.0.1', '[::1]', 'example', '-bad-.com', null]) {
    expect(() => rpIdFor(bad)).toThrow(/not a valid domain for a passkey/);
  }
});

it('replaces only the sentinel, and checks the user id is 1 to 64 bytes', () => {
  const user = (bytes: number) => ({ id: Buffer.alloc(bytes, 1).toString('base64url') });
  const options = { rp: { id: PASSKEY_RP_ID_SENTINEL, name: 'P' }, user: user(36) };
  expect(creationOptionsFor(options, 'app.example.com').rp).toEqual({ id: 'app.example.com', name: 'P' });
  expect(creationOptionsFor({ ...options, rp: { id: 'own.example.com' } }, 'x.example.com').rp.id).toBe(
    'own.example.com',
  );
  expect(() => creationOptionsFor({ ...options, user: user(65) }, 'localhost')).toThrow(
    /between 1 and 64 bytes/,
  );
  expect(() => creationOptionsFor({ ...options, user: { id: '' } }, 'localhost')).toThrow(
    /between 1 and 64 bytes/,
  );
  expect(creationOptionsFor({ ...options, user: user(64) }, 'localhost').rp.id).toBe('localhost');
  expect(requestOptionsFor({ rpId: PASSKEY_RP_ID_SENTINEL, challenge: 'c' }, 'localhost')).toEqual({
    rpId: 'localhost',
    challenge: 'c',
  });
});
