/**
 * Project owners as the dashboard makes them: a user of the `internal` project creates a project
 * (`POST /internal/projects`) and, with its access token as the admin access token, a key set.
 */
import { expect } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { raw, signUp } from './raw-api.js';

/** A signed-in user of the internal project. */
export interface Owner {
  email: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
}

/** Signs up a new owner with the internal project's publishable key. */
export function signUpOwner(url: string, internal: ProjectKeys): Promise<Owner> {
  return signUp(url, internal);
}

/** The headers that act as admin of `projectId` on the owner's behalf (wire.md §1.5 step 5). */
export function ownerAdminHeaders(owner: Owner, projectId: string): Record<string, string> {
  return {
    'x-stack-project-id': projectId,
    'x-stack-access-type': 'admin',
    'x-stack-admin-access-token': owner.accessToken,
  };
}

/** Creates a project owned by `owner` and a key set for it; returns its id and keys. */
export async function createOwnedProject(
  url: string,
  internal: ProjectKeys,
  owner: Owner,
  body: Record<string, unknown> = { display_name: 'Owned project' },
): Promise<ProjectKeys> {
  const created = await raw(url, '/internal/projects', {
    keys: internal,
    accessToken: owner.accessToken,
    body,
  });
  expect(created.status, created.text).toBe(201);
  const projectId = created.json.id as string;
  const keys = await raw(url, '/internal/api-keys', {
    headers: ownerAdminHeaders(owner, projectId),
    body: {
      description: 'test keys',
      expires_at_millis: Date.now() + 3600_000,
      has_publishable_client_key: true,
      has_secret_server_key: true,
      has_super_secret_admin_key: true,
    },
  });
  expect(keys.status, keys.text).toBe(200);
  return {
    projectId,
    publishableClientKey: keys.json.publishable_client_key,
    secretServerKey: keys.json.secret_server_key,
    superSecretAdminKey: keys.json.super_secret_admin_key,
  };
}
