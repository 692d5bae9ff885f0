/**
 * A team's permissions as the members section shows them: the direct grants of the whole team,
 * loaded in one request, grouped by member; and what each member also holds through what their
 * grants contain, worked out here from the definitions instead of a second request per member.
 */
import type { PermissionDefinition } from 'signet/plugins/admin-team-permission-definitions';
import type { TeamPermission } from 'signet/plugins/server-teams';

/** Each member's direct grants, by user id, ids sorted. */
export type GrantsByUser = ReadonlyMap<string, readonly string[]>;

/** Groups a team's direct grants by member. */
export function groupGrants(permissions: readonly TeamPermission[]): GrantsByUser {
  const byUser = new Map<string, string[]>();
  for (const permission of permissions) {
    const ids = byUser.get(permission.userId) ?? [];
    if (!ids.includes(permission.id)) ids.push(permission.id);
    byUser.set(permission.userId, ids);
  }
  for (const ids of byUser.values()) ids.sort();
  return byUser;
}

/** `grants` with `permissionId` added to or removed from `userId`'s. */
export function withGrant(
  grants: GrantsByUser,
  userId: string,
  permissionId: string,
  granted: boolean,
): GrantsByUser {
  const next = new Map(grants);
  const ids = (grants.get(userId) ?? []).filter((id) => id !== permissionId);
  next.set(userId, granted ? [...ids, permissionId].sort() : ids);
  return next;
}

/**
 * The permissions `direct` gives besides themselves: everything contained, at any depth, that is
 * not also granted directly. Sorted; a cycle in the definitions ends the walk.
 */
export function containedPermissions(
  direct: readonly string[],
  definitions: readonly PermissionDefinition[],
): string[] {
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  const seen = new Set<string>(direct);
  const found = new Set<string>();
  const queue = [...direct];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const contained of byId.get(id)?.containedPermissionIds ?? []) {
      if (seen.has(contained)) continue;
      seen.add(contained);
      found.add(contained);
      queue.push(contained);
    }
  }
  return [...found].sort();
}
