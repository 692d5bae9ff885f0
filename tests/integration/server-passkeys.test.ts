/**
 * Passkeys on the server (wire.md §4.4, §6.7) against a software authenticator that makes real
 * key pairs, attestation objects, signatures and counters (tests/support/software-authenticator.ts).
 * From the attacker's side: a foreign origin, localhost when the project refuses it, a wrong RP id,
 * a cloned authenticator (counter going back, also two clones racing), a replayed challenge, a
 * tampered signature, another user's registration code, another project's passkey, another user's
 * passkey id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { patchConfig } from '../support/outbox.js';
import { PRODUCTION_ORIGIN, setProductionMode, trustProductionOrigin } from '../support/rate-limits.js';
import { expectKnownError, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';
import { type CeremonyPlace, SoftwareAuthenticator } from '../support/software-authenticator.js';
import { RECORDED_AUTHENTICATION, RECORDED_REGISTRATION } from '../support/stack-recorded-passkey.js';

const PAGE: CeremonyPlace = { origin: 'http://localhost:5173' };
const SENTINEL = 'THIS_VALUE_WILL_BE_REPLACED.example.com';

describe.each(backends())('passkeys on $name', (backend) => {
  let running: RunningServer;
  let dev: ProjectKeys;
  beforeAll(async () => {
    running = await backend.create({ hardcodedPasskeyChallenge: false });
    dev = running.server.seeded.dev;
    await patchConfig(running.url, dev, { passkey_enabled: true });
  });
  afterAll(async () => {
    await running?.close();
  });

  const call = (path: string, body: unknown, accessToken?: string, keys = dev) =>
    raw(running.url, path, { keys, accessToken, body });

  /** Registers a new passkey for `accessToken`'s user at `place`. */
  async function register(
    authenticator: SoftwareAuthenticator,
    accessToken: string,
    place = PAGE,
    keys = dev,
  ) {
    const initiated = await call('/auth/passkey/initiate-passkey-registration', {}, accessToken, keys);
    expect(initiated.status, initiated.text).toBe(200);
    const credential = authenticator.create(initiated.json.options_json, place);
    return call('/auth/passkey/register', { credential, code: initiated.json.code }, accessToken, keys);
  }

  /** One passkey sign-in ceremony with the authenticator's last credential at `place`. */
  async function signIn(
    authenticator: SoftwareAuthenticator,
    place = PAGE,
    keys = dev,
    credential = authenticator.credentials.at(-1),
  ) {
    const initiated = await call('/auth/passkey/initiate-passkey-authentication', {}, undefined, keys);
    expect(initiated.status, initiated.text).toBe(200);
    const response = authenticator.get(initiated.json.options_json, place, credential);
    return call(
      '/auth/passkey/sign-in',
      { authentication_response: response, code: initiated.json.code },
      undefined,
      keys,
    );
  }

  const failed = (message: string) => ({ messageDetails: { message } });

  it('hands out the wire’s creation options, keeps the passkey, and signs in with it', async () => {
    const user = await signUp(running.url, dev);
    const initiated = await call('/auth/passkey/initiate-passkey-registration', {}, user.accessToken);
    expect(initiated.status, initiated.text).toBe(200);
    const options = initiated.json.options_json;
    expect(initiated.json.code).toMatch(/^[0-9a-z]{45}$/);
    const project = await raw(running.url, '/projects/current', { keys: dev });
    expect(options.rp).toEqual({ id: SENTINEL, name: project.json.display_name });
    expect(Buffer.from(options.user.id, 'base64url').toString('utf8')).toBe(user.userId);
    expect(options.user.name).toBe(user.email);
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual([-8, -7, -257]);
    expect('hints' in options).toBe(false);
    expect(options).toMatchObject({
      timeout: 60000,
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'preferred',
      },
      extensions: { credProps: true },
    });
    const authenticator = new SoftwareAuthenticator();
    const credential = authenticator.create(options, PAGE);
    const registered = await call(
      '/auth/passkey/register',
      { credential, code: initiated.json.code },
      user.accessToken,
    );
    expect(registered.status, registered.text).toBe(200);
    expect(registered.json).toEqual({ user_handle: credential.id });
    const me = await raw(running.url, '/users/me', { keys: dev, accessToken: user.accessToken });
    expect(me.json.passkey_auth_enabled).toBe(true);

    const signedIn = await signIn(authenticator);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.json).toMatchObject({ user_id: user.userId, is_new_user: false });
    const fresh = await raw(running.url, '/users/me', { keys: dev, accessToken: signedIn.json.access_token });
    expect(fresh.json.id).toBe(user.userId);
    // Once more: the counter moves on and the next ceremony passes too.
    expect((await signIn(authenticator)).status).toBe(200);

    // The options of a second registration list the passkey already kept.
    const again = await call('/auth/passkey/initiate-passkey-registration', {}, user.accessToken);
    expect(again.json.options_json.excludeCredentials).toEqual([
      { id: credential.id, transports: ['internal'], type: 'public-key' },
    ]);
  });

  it('uses a challenge once: a replayed sign-in is refused', async () => {
    const user = await signUp(running.url, dev);
    const authenticator = new SoftwareAuthenticator();
    expect((await register(authenticator, user.accessToken)).status).toBe(200);
    const initiated = await call('/auth/passkey/initiate-passkey-authentication', {}, undefined);
    expect(initiated.json.options_json).toMatchObject({
      rpId: SENTINEL,
      allowCredentials: [],
      timeout: 60000,
      userVerification: 'preferred',
    });
    const response = authenticator.get(initiated.json.options_json, PAGE);
    const body = { authentication_response: response, code: initiated.json.code };
    expect((await call('/auth/passkey/sign-in', body)).status).toBe(200);
    expectKnownError(await call('/auth/passkey/sign-in', body), 'VERIFICATION_CODE_ALREADY_USED');
    // The same assertion under a new challenge: the signature covers the old one.
    const other = await call('/auth/passkey/initiate-passkey-authentication', {}, undefined);
    expectKnownError(
      await call('/auth/passkey/sign-in', { authentication_response: response, code: other.json.code }),
      'PASSKEY_AUTHENTICATION_FAILED',
      undefined,
      failed('Passkey authentication failed because the verification response is invalid'),
    );
  });

  it('refuses a cloned authenticator whose counter went back, and lets one of two racing clones in', async () => {
    const user = await signUp(running.url, dev);
    const authenticator = new SoftwareAuthenticator();
    expect((await register(authenticator, user.accessToken)).status).toBe(200);
    const credential = authenticator.credentials[0]!;
    credential.counter = 5;
    expect((await signIn(authenticator)).status).toBe(200);
    credential.counter = 5;
    expectKnownError(
      await signIn(authenticator),
      'PASSKEY_AUTHENTICATION_FAILED',
      undefined,
      failed('Passkey authentication failed because the signature counter did not increase'),
    );
    // Two copies of the key sign counter 9 at once: exactly one sign-in passes.
    const ceremonies = await Promise.all(
      [0, 1].map(() => call('/auth/passkey/initiate-passkey-authentication', {}, undefined)),
    );
    const assertions = ceremonies.map((c) => {
      credential.counter = 9;
      return authenticator.get(c.json.options_json, PAGE);
    });
    const results = await Promise.all(
      assertions.map((a, i) =>
        call('/auth/passkey/sign-in', { authentication_response: a, code: ceremonies[i]!.json.code }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses a foreign origin, a wrong RP id, and localhost when the project does not allow it', async () => {
    const user = await signUp(running.url, dev);
    const notAllowed = 'Passkey authentication failed because the origin is not allowed';
    expectKnownError(
      await register(new SoftwareAuthenticator(), user.accessToken, { origin: 'https://evil.example.com' }),
      'PASSKEY_AUTHENTICATION_FAILED',
      undefined,
      failed(notAllowed),
    );
    // A trusted domain with another port is another origin.
    await trustProductionOrigin(running.url, dev);
    expectKnownError(
      await register(new SoftwareAuthenticator(), user.accessToken, { origin: `${PRODUCTION_ORIGIN}:8443` }),
      'PASSKEY_AUTHENTICATION_FAILED',
      undefined,
      failed(notAllowed),
    );
    expectKnownError(
      await register(new SoftwareAuthenticator(), user.accessToken, {
        origin: PAGE.origin,
        rpId: 'evil.example.com',
      }),
      'PASSKEY_REGISTRATION_FAILED',
      undefined,
      failed('Passkey registration failed because the verification response is invalid'),
    );
    const authenticator = new SoftwareAuthenticator();
    expect((await register(authenticator, user.accessToken, { origin: PRODUCTION_ORIGIN })).status).toBe(200);
    expect((await signIn(authenticator, { origin: PRODUCTION_ORIGIN })).status).toBe(200);
    // Signed for localhost, sent while the project refuses localhost.
    const local = new SoftwareAuthenticator();
    expect((await register(local, user.accessToken)).status).toBe(200);
    await patchConfig(running.url, dev, { allow_localhost: false });
    try {
      expectKnownError(
        await signIn(local),
        'PASSKEY_AUTHENTICATION_FAILED',
        undefined,
        failed('Passkey authentication failed because localhost is not allowed'),
      );
      expect((await signIn(authenticator, { origin: PRODUCTION_ORIGIN })).status).toBe(200);
    } finally {
      await patchConfig(running.url, dev, { allow_localhost: true });
    }
    // Signed for the right origin under another RP id.
    expectKnownError(
      await signIn(local, { origin: PAGE.origin, rpId: 'other.localhost' }),
      'PASSKEY_AUTHENTICATION_FAILED',
      undefined,
      failed('Passkey authentication failed because the verification response is invalid'),
    );
  });

  it('refuses a tampered signature, an unknown credential and another project’s passkey', async () => {
    const user = await signUp(running.url, dev);
    const authenticator = new SoftwareAuthenticator();
    expect((await register(authenticator, user.accessToken)).status).toBe(200);
    const initiated = await call('/auth/passkey/initiate-passkey-authentication', {}, undefined);
    const response = authenticator.get(initiated.json.options_json, PAGE);
    const signature = Buffer.from(response.response.signature, 'base64url');
    signature[signature.length - 1]! ^= 1;
    response.response.signature = signature.toString('base64url');
    expectKnownError(
      await call('/auth/passkey/sign-in', { authentication_response: response, code: initiated.json.code }),
      'PASSKEY_AUTHENTICATION_FAILED',
      undefined,
      failed('Passkey authentication failed because the verification response is invalid'),
    );
    const stranger = new SoftwareAuthenticator();
    stranger.create({ challenge: 'x', user: { id: 'eA' } }, PAGE);
    expectKnownError(
      await signIn(stranger),
      'PASSKEY_AUTHENTICATION_FAILED',
      undefined,
      failed('Passkey not found'),
    );
    const internal = running.server.seeded.internal;
    await patchConfig(running.url, internal, { passkey_enabled: true });
    expectKnownError(
      await signIn(authenticator, PAGE, internal),
      'PASSKEY_AUTHENTICATION_FAILED',
      undefined,
      failed('Passkey not found'),
    );
  });

  it('binds a registration code to its user and needs a signed-in user', async () => {
    const victim = await signUp(running.url, dev);
    const attacker = await signUp(running.url, dev);
    const initiated = await call('/auth/passkey/initiate-passkey-registration', {}, victim.accessToken);
    const authenticator = new SoftwareAuthenticator();
    const credential = authenticator.create(initiated.json.options_json, PAGE);
    expectKnownError(
      await call('/auth/passkey/register', { credential, code: initiated.json.code }, attacker.accessToken),
      'PASSKEY_REGISTRATION_FAILED',
      undefined,
      failed('Passkey registration failed because the verification response is invalid'),
    );
    const anonymous = await call('/auth/passkey/register', { credential, code: initiated.json.code });
    expect(anonymous.status).toBe(400);
    expect((await call('/auth/passkey/initiate-passkey-registration', {})).status).toBe(400);
    // Nothing landed on either account, and the victim's code still works for the victim.
    for (const token of [victim.accessToken, attacker.accessToken]) {
      const list = await raw(running.url, '/auth/passkey', { keys: dev, accessToken: token });
      expect(list.json.items).toEqual([]);
    }
    const own = await call(
      '/auth/passkey/register',
      { credential, code: initiated.json.code },
      victim.accessToken,
    );
    expect(own.status, own.text).toBe(200);
    // The same authenticator credential cannot be registered twice.
    const twice = await call('/auth/passkey/initiate-passkey-registration', {}, attacker.accessToken);
    const copy = { ...credential };
    expect(twice.status).toBe(200);
    expect(
      (
        await call(
          '/auth/passkey/register',
          { credential: copy, code: twice.json.code },
          attacker.accessToken,
        )
      ).status,
    ).toBe(400);
  });

  it('asks a user with TOTP on for the second factor after the passkey', async () => {
    const user = await signUp(running.url, dev);
    const authenticator = new SoftwareAuthenticator();
    expect((await register(authenticator, user.accessToken)).status).toBe(200);
    const on = await raw(running.url, '/users/me', {
      method: 'PATCH',
      keys: dev,
      accessToken: user.accessToken,
      body: { totp_secret_base64: Buffer.alloc(20, 7).toString('base64') },
    });
    expect(on.status).toBe(200);
    const response = await signIn(authenticator);
    expect(response.status, response.text).toBe(400);
    expect(response.json.code).toBe('MULTI_FACTOR_AUTHENTICATION_REQUIRED');
    expect(response.json.details.attempt_code).toMatch(/^[0-9a-z]{45}$/);
  });

  it('lists, renames and removes a user’s passkeys, and nobody else’s', async () => {
    const user = await signUp(running.url, dev);
    const other = await signUp(running.url, dev);
    const authenticator = new SoftwareAuthenticator();
    expect((await register(authenticator, user.accessToken)).status).toBe(200);
    expect((await register(authenticator, user.accessToken)).status).toBe(200);
    const list = await raw(running.url, '/auth/passkey', { keys: dev, accessToken: user.accessToken });
    expect(list.json.items.map((p: { name: string }) => p.name)).toEqual(['Passkey 1', 'Passkey 2']);
    const [first, second] = list.json.items;
    const asOther = { keys: dev, accessToken: other.accessToken };
    expect(
      (await raw(running.url, `/auth/passkey/${first.id}`, { ...asOther, method: 'DELETE' })).status,
    ).toBe(404);
    expect(
      (
        await raw(running.url, `/auth/passkey/${first.id}`, {
          ...asOther,
          method: 'PATCH',
          body: { name: 'x' },
        })
      ).status,
    ).toBe(404);
    const asUser = { keys: dev, accessToken: user.accessToken };
    const renamed = await raw(running.url, `/auth/passkey/${first.id}`, {
      ...asUser,
      method: 'PATCH',
      body: { name: ' Laptop ' },
    });
    expect(renamed.json.name).toBe('Laptop');
    expect((await raw(running.url, '/auth/passkey/not-a-uuid', { ...asUser, method: 'DELETE' })).status).toBe(
      404,
    );
    expect(
      (await raw(running.url, `/auth/passkey/${first.id}`, { ...asUser, method: 'DELETE' })).json,
    ).toEqual({ success: true });
    // The removed passkey signs nobody in; the other still does.
    const [removed, kept] = authenticator.credentials;
    expectKnownError(
      await signIn(authenticator, PAGE, dev, removed),
      'PASSKEY_AUTHENTICATION_FAILED',
      undefined,
      failed('Passkey not found'),
    );
    expect((await signIn(authenticator, PAGE, dev, kept)).status).toBe(200);
    const left = await raw(running.url, '/auth/passkey', asUser);
    expect(left.json.items.map((p: { id: string }) => p.id)).toEqual([second.id]);
    expect(left.json.items[0].last_used_at_millis).toEqual(expect.any(Number));
    // passkey_auth_enabled: false removes all that are left.
    const off = await raw(running.url, '/users/me', {
      ...asUser,
      method: 'PATCH',
      body: { passkey_auth_enabled: false },
    });
    expect(off.json.passkey_auth_enabled).toBe(false);
    expect((await raw(running.url, '/auth/passkey', asUser)).json.items).toEqual([]);
  });

  it('is refused while the project has passkeys off', async () => {
    const user = await signUp(running.url, dev);
    await patchConfig(running.url, dev, { passkey_enabled: false });
    try {
      expectKnownError(
        await call('/auth/passkey/initiate-passkey-registration', {}, user.accessToken),
        'PASSKEY_AUTHENTICATION_NOT_ENABLED',
      );
      expectKnownError(
        await call('/auth/passkey/initiate-passkey-authentication', {}),
        'PASSKEY_AUTHENTICATION_NOT_ENABLED',
      );
    } finally {
      await patchConfig(running.url, dev, { passkey_enabled: true });
    }
  });
});

describe('the hardcoded test challenge (wire.md §6.7)', () => {
  it('replays a registration and sign-in recorded by Stack’s own test tooling', async () => {
    const [backend] = backends();
    const running = await backend!.create({ hardcodedPasskeyChallenge: true });
    try {
      const dev = running.server.seeded.dev;
      await patchConfig(running.url, dev, { passkey_enabled: true });
      const user = await signUp(running.url, dev);
      const call = (path: string, body: unknown, accessToken?: string) =>
        raw(running.url, path, { keys: dev, accessToken, body });
      const registration = await call('/auth/passkey/initiate-passkey-registration', {}, user.accessToken);
      expect(registration.json.options_json.challenge).toBe('TU9DSw');
      const registered = await call(
        '/auth/passkey/register',
        { credential: RECORDED_REGISTRATION, code: registration.json.code },
        user.accessToken,
      );
      expect(registered.status, registered.text).toBe(200);
      expect(registered.json).toEqual({ user_handle: 'BBYYB_DKzPZHm1o6ILGo6Sk_cBc' });
      const authentication = await call('/auth/passkey/initiate-passkey-authentication', {});
      const signedIn = await call('/auth/passkey/sign-in', {
        authentication_response: RECORDED_AUTHENTICATION,
        code: authentication.json.code,
      });
      expect(signedIn.status, signedIn.text).toBe(200);
      expect(signedIn.json).toMatchObject({ user_id: user.userId, is_new_user: false });
      // Recorded at localhost: a project that refuses localhost refuses the recording too.
      await patchConfig(running.url, dev, { allow_localhost: false });
      const refused = await call('/auth/passkey/initiate-passkey-authentication', {});
      expect(
        (
          await call('/auth/passkey/sign-in', {
            authentication_response: RECORDED_AUTHENTICATION,
            code: refused.json.code,
          })
        ).json.code,
      ).toBe('PASSKEY_AUTHENTICATION_FAILED');
    } finally {
      await running.close();
    }
  });

  it('is TU9DSw with the flag, and random in production mode', async () => {
    const [backend] = backends();
    const running = await backend!.create({ hardcodedPasskeyChallenge: true });
    try {
      const dev = running.server.seeded.dev;
      await patchConfig(running.url, dev, { passkey_enabled: true });
      const initiate = () =>
        raw(running.url, '/auth/passkey/initiate-passkey-authentication', { keys: dev, body: {} });
      expect((await initiate()).json.options_json.challenge).toBe('TU9DSw');
      await trustProductionOrigin(running.url, dev);
      await setProductionMode(running.url, dev, true);
      expect((await initiate()).json.options_json.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await running.close();
    }
  });
});
