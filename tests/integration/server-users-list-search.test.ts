/**
 * Search in the users list (wire.md §4.8 `query`) as the million-user query shape runs it: users
 * found by display name and users found by an email are one list in sign-up order, each user
 * once (matching by both, or by two emails), with full pages and the right next cursor, both
 * ways, at any page size, and together with the filters. The text is trimmed; an id matches only
 * itself, and only when the filters keep that user.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { UserListSchema } from '../../wire/user.js';
import { createOwnedProject, signUpOwner } from '../support/owner.js';
import { raw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('users list search on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let keys: ProjectKeys;
  let clock = Date.UTC(2026, 10, 1);
  const ids = new Map<string, string>();

  const server = (path: string, init: { method?: string; body?: unknown } = {}) =>
    raw(url, path, { ...init, keys, access: 'server' });

  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    url = running.url;
    const internal = running.server.seeded.internal;
    keys = await createOwnedProject(url, internal, await signUpOwner(url, internal), {
      display_name: 'Search',
    });
    const create = async (name: string, email?: string, extra: Record<string, unknown> = {}) => {
      clock += 1000;
      const body = { display_name: name, ...(email ? { primary_email: email } : {}), ...extra };
      const response = await server('/users', { body });
      expect(response.status, response.text).toBe(201);
      ids.set(name, response.json.id);
    };
    // In sign-up order; "zed" is in some names, some emails, both, or neither.
    await create('Zed One', 'one@example.com', { password: 'a password 1' });
    await create('Plain Two', 'two@example.com');
    await create('Plain Three', 'three.zed@example.com', { primary_email_verified: true });
    await create('ZED Four', 'four.zed@example.com');
    await create('Plain Five', 'five@example.com');
    await create('Plain Six', 'six@example.com', { password: 'a password 1' });
    // Two emails holding the text: still one user.
    const seven = 'Plain Seven';
    await create(seven, 'seven.zed@example.com');
    const second = await server('/contact-channels', {
      body: { user_id: ids.get(seven), type: 'email', value: 'zed.seven@work.example', used_for_auth: false },
    });
    expect(second.status, second.text).toBe(201);
    await create('Dazed Eight');
    await create('Plain Nine', 'nine@ZED.example', { password: 'a password 1' });
    await create('Plain Ten');
  });
  afterAll(async () => {
    await running?.close();
  });

  /** The display names the query lists, walking pages of `limit` (or one unlimited page). */
  const names = async (query: string, limit?: number) => {
    const seen: (string | null)[] = [];
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams(query);
      if (limit !== undefined) params.set('limit', String(limit));
      if (cursor) params.set('cursor', cursor);
      const response = await server(`/users?${params}`);
      expect(response.status, response.text).toBe(200);
      const page = v.parse(UserListSchema, response.json);
      if (page.pagination.next_cursor) {
        // A full page, and the cursor is the next page's first user.
        expect(page.items).toHaveLength(limit!);
        const next = new URLSearchParams(params);
        next.set('cursor', page.pagination.next_cursor);
        next.set('limit', '1');
        const first = await server(`/users?${next}`);
        expect(first.json.items[0].id).toBe(page.pagination.next_cursor);
      }
      seen.push(...page.items.map((u) => u.display_name));
      cursor = page.pagination.next_cursor;
    } while (cursor);
    return seen;
  };

  const ZED = ['Zed One', 'Plain Three', 'ZED Four', 'Plain Seven', 'Dazed Eight', 'Plain Nine'];

  it('lists users found by name and by email once each, in sign-up order, at any page size', async () => {
    expect(await names('query=zed')).toEqual(ZED);
    for (const limit of [1, 2, 3, 5, 6, 7]) {
      expect(await names('query=zed', limit)).toEqual(ZED);
      expect(await names('query=zed&order_by=signed_up_at&desc=true', limit)).toEqual([...ZED].reverse());
    }
    expect(await names('query=%20%20ZeD%20')).toEqual(ZED);
    // Every user has an "e" (10 of them): a page of 20 takes every step of the search (the first
    // walk, the longer one for a common text, the index lookup) and still lists each user once.
    const everyone = await names('');
    expect(everyone).toHaveLength(10);
    expect(await names('query=e', 20)).toEqual(everyone);
    expect(await names('query=E&desc=true', 20)).toEqual([...everyone].reverse());
  });

  it('keeps the search semantics: any part, any case, in names or any email, wildcards literal', async () => {
    expect(await names('query=work.example')).toEqual(['Plain Seven']);
    expect(await names('query=ZED.EXAMPLE')).toEqual(['Plain Nine']);
    expect(await names('query=plain t')).toEqual(['Plain Two', 'Plain Three', 'Plain Ten']);
    expect(await names('query=z_d')).toEqual([]);
    expect(await names('query=z%25d')).toEqual([]);
    expect(await names('query=nobody here')).toEqual([]);
    expect(await names(`query=${ids.get('Plain Five')!.toUpperCase()}`)).toEqual(['Plain Five']);
  });

  it('searches within the filters, pages included', async () => {
    for (const limit of [undefined, 1, 2]) {
      expect(await names('query=zed&has_password=true', limit)).toEqual(['Zed One', 'Plain Nine']);
      expect(await names('query=zed&has_password=false', limit)).toEqual([
        'Plain Three',
        'ZED Four',
        'Plain Seven',
        'Dazed Eight',
      ]);
      expect(await names('query=zed&primary_email_verified=true', limit)).toEqual(['Plain Three']);
    }
    expect(await names(`query=${ids.get('Plain Six')}&has_password=true`)).toEqual(['Plain Six']);
    expect(await names(`query=${ids.get('Plain Six')}&has_password=false`)).toEqual([]);
    expect(await names('query=zed&oauth_provider=github')).toEqual([]);
  });
});
