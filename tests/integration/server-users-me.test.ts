/**
 * `PATCH` and `DELETE /users/me` as account settings use them (wire.md §4.1, §4.8): the profile
 * section's display name and inline image within the product's limits, refusals in words with
 * nothing written, and deleting the account only where the project allows it, taking every
 * session of it along.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { expectKnownError, type RawResponse, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

/** The product's limit on a profile image (product-spec: up to 1,000,000 characters). */
const IMAGE_LIMIT = 1_000_000;
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(backends())('users/me for account settings on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    dev = running.server.seeded.dev;
  });
  afterAll(async () => {
    await running?.close();
  });

  const patchMe = (accessToken: string, body: unknown, access: 'client' | 'server' = 'client') =>
    raw(url, '/users/me', { method: 'PATCH', keys: dev, access, accessToken, body });
  const getMe = (accessToken: string) => raw(url, '/users/me', { keys: dev, accessToken });
  const deleteMe = (accessToken: string, access: 'client' | 'server' = 'client') =>
    raw(url, '/users/me', { method: 'DELETE', keys: dev, access, accessToken });
  const allowDeletion = (enabled: boolean) =>
    raw(url, '/projects/current', {
      method: 'PATCH',
      keys: dev,
      access: 'admin',
      body: { config: { client_user_deletion_enabled: enabled } },
    });

  function expectSchemaError(response: RawResponse, problem: string) {
    expect(response.status, response.text).toBe(400);
    expect(response.json.code).toBe('SCHEMA_ERROR');
    expect(response.json.error).toContain(`  - ${problem}`);
  }

  it('keeps an inline image up to the limit and refuses anything else in words, writing nothing', async () => {
    const user = await signUp(url, dev);
    const saved = await patchMe(user.accessToken, { display_name: 'Ada Lovelace', profile_image_url: PNG });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ display_name: 'Ada Lovelace', profile_image_url: PNG });

    const prefix = 'data:image/jpeg;base64,';
    const atLimit = `${prefix}${'A'.repeat(IMAGE_LIMIT - prefix.length)}`;
    const largest = await patchMe(user.accessToken, { profile_image_url: atLimit });
    expect(largest.status, largest.text.slice(0, 200)).toBe(200);
    expect((await getMe(user.accessToken)).json.profile_image_url).toBe(atLimit);

    const overLimit = await patchMe(user.accessToken, {
      display_name: 'Not saved',
      profile_image_url: `${atLimit}A`,
    });
    expectSchemaError(overLimit, `body.profile_image_url must be at most ${IMAGE_LIMIT} characters`);

    // Only inline raster images from a browser: no script, no markup, no image fetched elsewhere.
    for (const image of [
      'https://tracker.example.com/pixel.png',
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'data:text/html;base64,PGgxPmhpPC9oMT4=',
      `${PNG}"><script>alert(1)</script>`,
      'data:image/png;base64,iVBOR w0KGgo=',
    ]) {
      const refused = await patchMe(user.accessToken, {
        display_name: 'Not saved',
        profile_image_url: image,
      });
      expect({ status: refused.status, text: refused.text }, image).toEqual({
        status: 400,
        text: 'Invalid profile image URL',
      });
    }
    // An empty URL is a schema error, as in the reference, for client and server access alike.
    for (const access of ['client', 'server'] as const)
      expectSchemaError(
        await patchMe(user.accessToken, { display_name: 'Not saved', profile_image_url: '' }, access),
        'body.profile_image_url is not a valid URL',
      );
    expectSchemaError(
      await patchMe(user.accessToken, { display_name: 'n'.repeat(257) }),
      'body.display_name must be at most 256 characters',
    );
    expect((await getMe(user.accessToken)).json).toMatchObject({
      display_name: 'Ada Lovelace',
      profile_image_url: atLimit,
    });

    // Server code may point at a hosted image; removing the image and the name clears both.
    const hosted = await patchMe(
      user.accessToken,
      { profile_image_url: 'https://cdn.example.com/a.png' },
      'server',
    );
    expect(hosted.json.profile_image_url).toBe('https://cdn.example.com/a.png');
    const cleared = await patchMe(user.accessToken, { display_name: '', profile_image_url: null });
    expect(cleared.json).toMatchObject({ display_name: null, profile_image_url: null });
  });

  it('refuses a client’s account deletion unless the project allows it, and keeps the account', async () => {
    const user = await signUp(url, dev);
    const refused = await deleteMe(user.accessToken);
    expect({ status: refused.status, text: refused.text }).toEqual({
      status: 400,
      text: 'Client user deletion is not enabled for this project',
    });
    expect(refused.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect((await getMe(user.accessToken)).status).toBe(200);
    const signIn = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: { email: user.email, password: user.password },
    });
    expect(signIn.status).toBe(200);
  });

  it('deletes the account where allowed: every session of it ends and the email is free again', async () => {
    expect((await allowDeletion(true)).status).toBe(200);
    try {
      const user = await signUp(url, dev);
      const laptop = await raw(url, '/auth/password/sign-in', {
        keys: dev,
        body: { email: user.email, password: user.password },
      });
      const deleted = await deleteMe(user.accessToken);
      expect(deleted.status, deleted.text).toBe(200);
      expect(deleted.json).toEqual({ success: true });

      for (const accessToken of [user.accessToken, laptop.json.access_token]) {
        expectKnownError(await getMe(accessToken), 'CANNOT_GET_OWN_USER_WITHOUT_USER');
      }
      for (const refreshToken of [user.refreshToken, laptop.json.refresh_token]) {
        expectKnownError(
          await raw(url, '/auth/sessions/current/refresh', { method: 'POST', keys: dev, refreshToken }),
          'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
        );
      }
      expectKnownError(
        await raw(url, `/auth/sessions?user_id=${user.userId}`, { keys: dev, access: 'server' }),
        'USER_ID_DOES_NOT_EXIST',
        { user_id: user.userId },
      );
      expectKnownError(
        await raw(url, '/auth/password/sign-in', {
          keys: dev,
          body: { email: user.email, password: user.password },
        }),
        'EMAIL_PASSWORD_MISMATCH',
      );
      const again = await signUp(url, dev, user.email);
      expect(again.userId).not.toBe(user.userId);
    } finally {
      await allowDeletion(false);
    }
  });

  it('two browsers deleting the account at once: it goes once, and neither answer is a 5xx', async () => {
    expect((await allowDeletion(true)).status).toBe(200);
    try {
      for (let round = 0; round < 4; round++) {
        const user = await signUp(url, dev);
        const other = await raw(url, '/auth/password/sign-in', {
          keys: dev,
          body: { email: user.email, password: user.password },
        });
        const answers = await Promise.all([deleteMe(user.accessToken), deleteMe(other.json.access_token)]);
        expect(answers.some((a) => a.status === 200)).toBe(true);
        for (const answer of answers) {
          if (answer.status !== 200) expectKnownError(answer, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
        }
        expectKnownError(
          await raw(url, `/auth/sessions?user_id=${user.userId}`, { keys: dev, access: 'server' }),
          'USER_ID_DOES_NOT_EXIST',
          { user_id: user.userId },
        );
      }
    } finally {
      await allowDeletion(false);
    }
  });

  it('lets server code delete a signed-in user whatever the client setting', async () => {
    const user = await signUp(url, dev);
    const deleted = await deleteMe(user.accessToken, 'server');
    expect(deleted.status, deleted.text).toBe(200);
    expectKnownError(await getMe(user.accessToken), 'CANNOT_GET_OWN_USER_WITHOUT_USER');
  });
});
