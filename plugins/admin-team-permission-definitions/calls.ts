/**
 * The admin-team-permission-definitions plugin's calls: each request and the conversion of its
 * answer. `adminTeamPermissionDefinitions()` loads this module on the first call.
 */
import { apiPath, type PluginContext, toResult } from '../../core/index.js';
import type { PermissionDefinitionJson } from '../../wire/index.js';
import type {
  PermissionDefinition,
  PermissionDefinitionFields,
  TeamPermissionDefinitionsApi,
} from './index.js';

/** Codes defining a permission expects. */
export const CREATE_ERRORS = ['CONTAINED_PERMISSION_NOT_FOUND', 'SCHEMA_ERROR'] as const;
/** Codes changing a definition expects. */
export const UPDATE_ERRORS = ['PERMISSION_NOT_FOUND', ...CREATE_ERRORS] as const;
/** Codes deleting a definition expects. */
export const DELETE_ERRORS = ['PERMISSION_NOT_FOUND', 'SCHEMA_ERROR'] as const;

const definitionFromJson = (json: PermissionDefinitionJson): PermissionDefinition => ({
  id: json.id,
  description: json.description ?? null,
  containedPermissionIds: json.contained_permission_ids,
  isSystem: json.id.startsWith('$'),
});

/** The wire body: only the fields given. */
const fieldsToJson = ({ id, description, containedPermissionIds }: PermissionDefinitionFields) => ({
  id,
  description,
  contained_permission_ids: containedPermissionIds,
});

/** `TeamPermissionDefinitionsApi` for one app. */
export function teamPermissionDefinitionsCalls(ctx: PluginContext): TeamPermissionDefinitionsApi {
  const path = '/team-permission-definitions';
  return {
    async list() {
      const { items } = await ctx.call<{ items: PermissionDefinitionJson[] }>(path);
      return items.map(definitionFromJson);
    },
    create: (definition) =>
      toResult(
        async () =>
          definitionFromJson(
            await ctx.call<PermissionDefinitionJson>(path, {
              method: 'POST',
              body: fieldsToJson(definition),
            }),
          ),
        CREATE_ERRORS,
      ),
    update: (permissionId, change) =>
      toResult(
        async () =>
          definitionFromJson(
            await ctx.call<PermissionDefinitionJson>(apiPath`/team-permission-definitions/${permissionId}`, {
              method: 'PATCH',
              body: fieldsToJson(change),
            }),
          ),
        UPDATE_ERRORS,
      ),
    delete: (permissionId) =>
      toResult(async () => {
        await ctx.call(apiPath`/team-permission-definitions/${permissionId}`, {
          method: 'DELETE',
          body: {},
        });
      }, DELETE_ERRORS),
  };
}
