/**
 * Teams for tests, made through the API as a server would: a team with its creator, members
 * added, what a member holds (wire.md §4.10), and more email addresses for a user.
 */
import { expect } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { freshEmail, raw } from './raw-api.js';

/** Creates a team with server access; `creator` (a user id) becomes its first member. */
export async function createTeam(url: string, keys: ProjectKeys, creator?: string): Promise<string> {
  const created = await raw(url, '/teams', {
    keys,
    access: 'server',
    body: { display_name: 'A team', ...(creator ? { creator_user_id: creator } : {}) },
  });
  expect(created.status, created.text).toBe(201);
  return created.json.id;
}

/** Adds `userId` to `teamId` with server access. */
export async function addMember(
  url: string,
  keys: ProjectKeys,
  teamId: string,
  userId: string,
): Promise<void> {
  const added = await raw(url, `/team-memberships/${teamId}/${userId}`, { keys, access: 'server', body: {} });
  expect(added.status, added.text).toBe(201);
}

/** The ids a member holds in a team, as server access lists them (sorted). */
export async function heldPermissions(
  url: string,
  keys: ProjectKeys,
  teamId: string,
  userId: string,
  recursive: boolean,
): Promise<string[]> {
  const listed = await raw(
    url,
    `/team-permissions?team_id=${teamId}&user_id=${userId}&recursive=${recursive}`,
    { keys, access: 'server' },
  );
  expect(listed.status, listed.text).toBe(200);
  return listed.json.items.map((p: { id: string }) => p.id);
}

/**
 * Gives `userId` another email contact channel through server access, verified unless said
 * otherwise (not used for sign-in), and returns the address.
 */
export async function addEmail(
  url: string,
  keys: ProjectKeys,
  userId: string,
  options: { email?: string; verified?: boolean } = {},
): Promise<string> {
  const email = options.email ?? freshEmail();
  const added = await raw(url, '/contact-channels', {
    keys,
    access: 'server',
    body: {
      user_id: userId,
      value: email,
      type: 'email',
      used_for_auth: false,
      is_verified: options.verified ?? true,
    },
  });
  expect(added.status, added.text).toBe(201);
  return email;
}
