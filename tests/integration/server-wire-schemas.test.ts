/**
 * The server answers what the kit reads: its answers parse, strictly, with the wire schemas in
 * core/wire that the kit's types come from. A field the server drops or renames fails here
 * before it reaches a user.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefreshResponseSchema, SignInResponseSchema } from '../../wire/auth.js';
import { ContactChannelSchema } from '../../wire/contact-channel.js';
import { ClientProjectSchema } from '../../wire/project.js';
import { ClientUserSchema } from '../../wire/user.js';
import { raw } from '../support/raw-api.js';
import { backends } from '../support/server.js';

/** The schema as a strict object at the top level: no field the kit does not know of. */
const strict = <S extends v.ObjectSchema<v.ObjectEntries, undefined>>(schema: S) =>
  v.strictObject(schema.entries);

describe.each(backends())('wire schemas on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  beforeAll(async () => {
    running = await backend.create();
  });
  afterAll(async () => {
    await running?.close();
  });

  it('sign-up, users/me, the refresh grant, the project and contact channels parse with the shared schemas', async () => {
    const keys = running.server.seeded.dev;
    const email = `wire-${Date.now()}@example.com`;
    const signUp = await raw(running.url, '/auth/password/sign-up', {
      keys,
      body: { email, password: 'correct horse 1', verification_callback_url: 'http://localhost:5173/v' },
    });
    expect(signUp.status).toBe(200);
    const tokens = v.parse(SignInResponseSchema, signUp.json);

    const me = await raw(running.url, '/users/me', {
      keys,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
    });
    expect(v.parse(strict(ClientUserSchema), me.json).primary_email).toBe(email);

    const project = await raw(running.url, '/projects/current', { keys });
    expect(v.parse(strict(ClientProjectSchema), project.json).id).toBe(keys.projectId);

    const channels = await raw(running.url, '/contact-channels?user_id=me', {
      keys,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
    });
    const [channel] = v.parse(
      v.object({ items: v.array(v.strictObject(ContactChannelSchema.entries)) }),
      channels.json,
    ).items;
    expect(channel?.value).toBe(email);

    const refresh = await fetch(`${running.url}/api/v1/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: keys.projectId,
        client_secret: keys.publishableClientKey,
      }),
    });
    expect(refresh.status).toBe(200);
    v.parse(RefreshResponseSchema, await refresh.json());
  });
});
