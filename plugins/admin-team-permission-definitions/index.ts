/**
 * The admin-team-permission-definitions plugin: a project's team permissions for its admins — list
 * them (the five system ones included), define one, change or rename one, delete one.
 * `createApp({ superSecretAdminKey, plugins: [adminTeamPermissionDefinitions()] })` gives
 * `app.teamPermissionDefinitions`.
 *
 * The server carries a rename into every member's grant, other definitions' contained lists and the
 * project's default lists, and a delete removes the id from all of them. Where the wire names no
 * error the server answers in words, thrown as an `HttpStatusError`: an id the project already has
 * (409), a change to a system permission (400).
 */
import { type ErrorCodesOf, loadedCalls, loadOnce, pluginFactory, type Result } from '../../core/index.js';
import type { CREATE_ERRORS, DELETE_ERRORS, UPDATE_ERRORS } from './calls.js';

/** A team permission the project's members can be granted (wire.md §5.6). */
export interface PermissionDefinition {
  /** A system id (`$update_team`, ...) or the project's own: lowercase letters, digits, `:` and `_`. */
  id: string;
  description: string | null;
  /** The permissions holding this one also gives, sorted. */
  containedPermissionIds: string[];
  /** One of the five system permissions, which cannot be changed or deleted. */
  isSystem: boolean;
}

/** What a definition may be given; on a change, only what is given is sent. */
export interface PermissionDefinitionFields {
  /** On a change: the new id, which the server carries everywhere the old one is named. */
  id?: string;
  description?: string;
  /** Replaces the contained list; each must be a system permission or a definition already. */
  containedPermissionIds?: string[];
}

/** Codes defining a permission can fail with (a bad id or description is a `SCHEMA_ERROR`). */
export type PermissionDefinitionCreateErrorCode = ErrorCodesOf<(typeof CREATE_ERRORS)[number]>;
/** Codes changing or renaming a definition can fail with. */
export type PermissionDefinitionUpdateErrorCode = ErrorCodesOf<(typeof UPDATE_ERRORS)[number]>;
/** Codes deleting a definition can fail with. */
export type PermissionDefinitionDeleteErrorCode = ErrorCodesOf<(typeof DELETE_ERRORS)[number]>;

/** `app.teamPermissionDefinitions`. */
export interface TeamPermissionDefinitionsApi {
  /** Every definition, the system ones included (flagged `isSystem`), sorted by id. */
  list(): Promise<PermissionDefinition[]>;
  /** Defines a permission. */
  create(
    definition: PermissionDefinitionFields & { id: string },
  ): Promise<Result<PermissionDefinition, PermissionDefinitionCreateErrorCode>>;
  /** Changes a definition; a new `id` renames it. */
  update(
    permissionId: string,
    change: PermissionDefinitionFields,
  ): Promise<Result<PermissionDefinition, PermissionDefinitionUpdateErrorCode>>;
  /** Deletes a definition, and every grant and mention of it. */
  delete(permissionId: string): Promise<Result<void, PermissionDefinitionDeleteErrorCode>>;
}

/** The admin-team-permission-definitions plugin (admin access). */
export const adminTeamPermissionDefinitions = pluginFactory('teamPermissionDefinitions', () => {
  return {
    access: 'admin',
    setup: (ctx): TeamPermissionDefinitionsApi => {
      // Each call's request and conversions are loaded on the first call.
      const loaded = loadOnce(async () => (await import('./calls.js')).teamPermissionDefinitionsCalls(ctx));
      return loadedCalls(loaded, ['list', 'create', 'update', 'delete']);
    },
  };
});
