/** Contact channels (wire.md §4.9, §6.9) for client and server access, on every database backend. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { codeFromLink, latestMessage } from '../support/outbox.js';
import { expectKnownError, freshEmail, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const VERIFY_CALLBACK = 'http://localhost:5173/handler/email-verification';

describe.each(backends())('server contact channels on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let mailbox: string;
  let dev: ProjectKeys;

  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    mailbox = (await running.server.listenMailbox(0)).url;
    dev = running.server.seeded.dev;
  });
  afterAll(async () => {
    await running?.close();
  });

  const asClient = (token: string) => ({ keys: dev, accessToken: token });
  const asServer = () => ({ keys: dev, access: 'server' as const });

  it('client: lists its own channels, adds one (201), reads, updates and deletes it', async () => {
    const user = await signUp(url, dev);
    const list = await raw(url, '/contact-channels?user_id=me', asClient(user.accessToken));
    expect(list.status).toBe(200);
    expect(list.json).toEqual({
      items: [
        {
          id: expect.any(String),
          user_id: user.userId,
          type: 'email',
          value: user.email,
          is_primary: true,
          is_verified: false,
          used_for_auth: true,
        },
      ],
      is_paginated: false,
    });

    const second = freshEmail();
    const created = await raw(url, '/contact-channels', {
      ...asClient(user.accessToken),
      body: { user_id: 'me', value: second, type: 'email', used_for_auth: false },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      value: second,
      is_primary: false,
      is_verified: false,
      used_for_auth: false,
    });
    const id = created.json.id;

    const one = await raw(url, `/contact-channels/me/${id}`, asClient(user.accessToken));
    expect(one.json).toEqual(created.json);

    // Making it primary clears the old primary.
    const primary = await raw(url, `/contact-channels/${user.userId}/${id}`, {
      ...asClient(user.accessToken),
      method: 'PATCH',
      body: { is_primary: true, used_for_auth: true },
    });
    expect(primary.status, primary.text).toBe(200);
    expect(primary.json).toMatchObject({ is_primary: true, used_for_auth: true });
    const after = await raw(url, '/contact-channels?user_id=me', asClient(user.accessToken));
    expect(after.json.items.map((c: { is_primary: boolean }) => c.is_primary)).toEqual([false, true]);
    const me = await raw(url, '/users/me', asClient(user.accessToken));
    expect(me.json.primary_email).toBe(second);

    const removed = await raw(url, `/contact-channels/me/${id}`, {
      ...asClient(user.accessToken),
      method: 'DELETE',
    });
    expect(removed.json).toEqual({ success: true });
    const gone = await raw(url, `/contact-channels/me/${id}`, asClient(user.accessToken));
    expect(gone.status).toBe(404);
    expect(gone.text).toBe('Contact channel not found.');
    const again = await raw(url, `/contact-channels/me/${id}`, {
      ...asClient(user.accessToken),
      method: 'DELETE',
    });
    expect(again.status).toBe(400);
    expect(again.text).toBe('Contact channel not found');
  });

  it('changing the value resets verification unless server access sets it', async () => {
    const user = await signUp(url, dev);
    const created = await raw(url, '/contact-channels', {
      ...asServer(),
      body: {
        user_id: user.userId,
        value: freshEmail(),
        type: 'email',
        used_for_auth: false,
        is_verified: true,
      },
    });
    expect(created.json.is_verified).toBe(true);
    const path = `/contact-channels/${user.userId}/${created.json.id}`;
    const changed = await raw(url, path, {
      ...asClient(user.accessToken),
      method: 'PATCH',
      body: { value: freshEmail() },
    });
    expect(changed.json.is_verified).toBe(false);
    const server = await raw(url, path, {
      ...asServer(),
      method: 'PATCH',
      body: { value: freshEmail(), is_verified: true },
    });
    expect(server.json.is_verified).toBe(true);
    const clientVerified = await raw(url, path, {
      ...asClient(user.accessToken),
      method: 'PATCH',
      body: { is_verified: true },
    });
    expect(clientVerified.json.code).toBe('SCHEMA_ERROR');
    expect(clientVerified.json.details.message).toContain('body contains unknown properties: is_verified');
  });

  it('refuses other users, duplicates and values another account signs in with', async () => {
    const ada = await signUp(url, dev);
    const bob = await signUp(url, dev);
    const forbidden = await raw(url, `/contact-channels?user_id=${bob.userId}`, asClient(ada.accessToken));
    expect(forbidden.status).toBe(403);
    expect(forbidden.text).toBe('Client can only list contact channels for their own user.');
    // The same id in capitals is the same user, and just as forbidden.
    const shouted = await raw(
      url,
      `/contact-channels?user_id=${bob.userId.toUpperCase()}`,
      asClient(ada.accessToken),
    );
    expect(shouted.text).toBe('Client can only list contact channels for their own user.');
    const duplicate = await raw(url, '/contact-channels', {
      ...asClient(ada.accessToken),
      body: { user_id: 'me', value: ada.email, type: 'email', used_for_auth: false },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.text).toBe('Contact channel already exists');
    // The duplicate check comes first, as in the reference: a duplicate of the user's own sign-in
    // address (and below, of a value another account signs in with) is still the duplicate text.
    const ownSignIn = await raw(url, '/contact-channels', {
      ...asClient(ada.accessToken),
      body: { user_id: 'me', value: ada.email, type: 'email', used_for_auth: true },
    });
    expect({ status: ownSignIn.status, text: ownSignIn.text }).toEqual({
      status: 400,
      text: 'Contact channel already exists',
    });
    expectKnownError(
      await raw(url, '/contact-channels', {
        ...asClient(ada.accessToken),
        body: { user_id: 'me', value: bob.email, type: 'email', used_for_auth: true },
      }),
      'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE',
      { type: 'email' },
    );
    const bobsAddress = await raw(url, '/contact-channels', {
      ...asClient(ada.accessToken),
      body: { user_id: 'me', value: bob.email, type: 'email', used_for_auth: false },
    });
    expect(bobsAddress.status, bobsAddress.text).toBe(201);
    const bobsAgain = await raw(url, '/contact-channels', {
      ...asServer(),
      body: { user_id: ada.userId, value: bob.email, type: 'email', used_for_auth: true },
    });
    expect({ status: bobsAgain.status, text: bobsAgain.text }).toEqual({
      status: 400,
      text: 'Contact channel already exists',
    });
    expectKnownError(
      await raw(url, '/contact-channels?user_id=me', { keys: dev }),
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectKnownError(
      await raw(url, `/contact-channels?user_id=${unknown}`, asServer()),
      'USER_ID_DOES_NOT_EXIST',
      { user_id: unknown },
    );
  });

  it('server access lists the whole project or one user', async () => {
    const user = await signUp(url, dev);
    const all = await raw(url, '/contact-channels', asServer());
    expect(all.json.items.some((c: { user_id: string }) => c.user_id === user.userId)).toBe(true);
    const one = await raw(url, `/contact-channels?user_id=${user.userId}`, asServer());
    expect(one.json.items).toHaveLength(1);
  });

  it('send-verification-code for a channel emails a link that verifies it', async () => {
    const user = await signUp(url, dev);
    const value = freshEmail();
    const created = await raw(url, '/contact-channels', {
      ...asClient(user.accessToken),
      body: { user_id: 'me', value, type: 'email', used_for_auth: false },
    });
    const path = `/contact-channels/me/${created.json.id}/send-verification-code`;
    expectKnownError(
      await raw(url, path, {
        ...asClient(user.accessToken),
        body: { callback_url: 'https://evil.example/v' },
      }),
      'REDIRECT_URL_NOT_WHITELISTED',
    );
    const sent = await raw(url, path, {
      ...asClient(user.accessToken),
      body: { callback_url: VERIFY_CALLBACK },
    });
    expect(sent.json).toEqual({ success: true });
    const code = codeFromLink(await latestMessage(mailbox, value));
    expect((await raw(url, '/contact-channels/verify', { keys: dev, body: { code } })).status).toBe(200);
    const channel = await raw(url, `/contact-channels/me/${created.json.id}`, asClient(user.accessToken));
    expect(channel.json.is_verified).toBe(true);
    expectKnownError(
      await raw(url, path, { ...asClient(user.accessToken), body: { callback_url: VERIFY_CALLBACK } }),
      'EMAIL_ALREADY_VERIFIED',
    );
    const other = await signUp(url, dev);
    const foreign = await raw(
      url,
      `/contact-channels/${user.userId}/${created.json.id}/send-verification-code`,
      {
        ...asClient(other.accessToken),
        body: { callback_url: VERIFY_CALLBACK },
      },
    );
    expect(foreign.status).toBe(400);
    const missing = await raw(
      url,
      `/contact-channels/me/00000000-0000-4000-8000-000000000000/send-verification-code`,
      {
        ...asClient(user.accessToken),
        body: { callback_url: VERIFY_CALLBACK },
      },
    );
    expect(missing.status).toBe(404);
  });

  it('legacy send-verification-code: primary email only, not twice once verified', async () => {
    const user = await signUp(url, dev);
    const send = (email: string) =>
      raw(url, '/contact-channels/send-verification-code', {
        ...asClient(user.accessToken),
        body: { email, callback_url: VERIFY_CALLBACK },
      });
    const other = freshEmail();
    expectKnownError(await send(other), 'EMAIL_IS_NOT_PRIMARY_EMAIL', {
      email: other,
      primary_email: user.email,
    });
    expect((await send(user.email)).json).toEqual({ success: true });
    const code = codeFromLink(await latestMessage(mailbox, user.email));
    await raw(url, '/contact-channels/verify', { keys: dev, body: { code } });
    expectKnownError(await send(user.email), 'EMAIL_ALREADY_VERIFIED');
  });
});
