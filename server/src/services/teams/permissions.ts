/**
 * Team permissions (wire.md §4.10, §5.6): the five system permissions, a project's own
 * definitions (each may contain others), what a member holds directly, and what that adds up to.
 * A member holds a permission when it is granted directly or contained, at any depth, in one
 * granted; cycles in the definitions are harmless (each id is visited once).
 */
import { and, eq } from 'drizzle-orm';
import { SYSTEM_PERMISSIONS } from '../../../../wire/team.js';
import type { Database } from '../../db/database.js';
import { permissionDefinitions, projects, teamMemberPermissions } from '../../db/schema.js';
import { knownError } from '../../errors.js';

type Reader = Pick<Database, 'select'>;
type Writer = Pick<Database, 'insert'>;

/** The definitions a new project starts with; `admin` and `member` are the config's defaults. */
export const DEFAULT_PERMISSION_DEFINITIONS: readonly {
  id: string;
  description: string;
  contained: string[];
}[] = [
  {
    id: 'admin',
    description: 'Default permission for team creators',
    contained: ['$delete_team', '$invite_members', '$read_members', '$remove_members', '$update_team'],
  },
  {
    id: 'member',
    description: 'Default permission for team members',
    contained: ['$invite_members', '$read_members'],
  },
];

/** Gives project `projectId` the default definitions (kept when they exist). */
export async function addDefaultPermissionDefinitions(db: Writer, projectId: string): Promise<void> {
  await db
    .insert(permissionDefinitions)
    .values(
      DEFAULT_PERMISSION_DEFINITIONS.map((d) => ({
        projectId,
        id: d.id,
        description: d.description,
        containedPermissionIds: d.contained,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Takes the project's row lock and reads its definitions and default lists. Every write of a
 * project's definitions or default lists (`/team-permission-definitions`, `PATCH
 * /projects/current`) starts with it, so they run one at a time: contained and default lists are
 * never rewritten from a stale read, and a default list never names a definition deleted or
 * renamed beside it.
 */
export async function lockProjectDefinitions(tx: Pick<Database, 'select'>, projectId: string) {
  const [project] = await tx
    .select({
      creator: projects.teamCreatorDefaultPermissions,
      member: projects.teamMemberDefaultPermissions,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  const definitions = await tx
    .select()
    .from(permissionDefinitions)
    .where(eq(permissionDefinitions.projectId, projectId));
  return {
    defaults: { creator: defaultIds(project?.creator), member: defaultIds(project?.member) },
    definitions,
  };
}

function defaultIds(list: unknown): { id: string }[] {
  return Array.isArray(list) ? (list as { id: string }[]) : [];
}

/** True for the id of a system permission (`$update_team`, …). */
export function isSystemPermission(id: string): boolean {
  return Object.hasOwn(SYSTEM_PERMISSIONS, id);
}

/** Every permission id of the project and the ids each contains (system ones contain none). */
export async function permissionGraph(
  db: Reader,
  projectId: string,
): Promise<Map<string, readonly string[]>> {
  const rows = await db
    .select({ id: permissionDefinitions.id, contained: permissionDefinitions.containedPermissionIds })
    .from(permissionDefinitions)
    .where(eq(permissionDefinitions.projectId, projectId));
  const graph = new Map<string, readonly string[]>(Object.keys(SYSTEM_PERMISSIONS).map((id) => [id, []]));
  for (const row of rows) graph.set(row.id, row.contained);
  return graph;
}

/** `granted` with everything it contains, at any depth (ids missing from the graph are kept as is). */
export function expandPermissions(
  graph: Map<string, readonly string[]>,
  granted: Iterable<string>,
): Set<string> {
  const held = new Set<string>();
  const queue = [...granted];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (held.has(id)) continue;
    held.add(id);
    queue.push(...(graph.get(id) ?? []));
  }
  return held;
}

/** The ids granted directly to `userId` in `teamId`. */
export async function directPermissions(db: Reader, teamId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: teamMemberPermissions.permissionId })
    .from(teamMemberPermissions)
    .where(and(eq(teamMemberPermissions.teamId, teamId), eq(teamMemberPermissions.userId, userId)));
  return rows.map((r) => r.id);
}

/** Whether member `userId` of `teamId` holds `permissionId`, directly or contained. */
export async function holdsPermission(
  db: Reader,
  input: { projectId: string; teamId: string; userId: string; permissionId: string },
): Promise<boolean> {
  const direct = await directPermissions(db, input.teamId, input.userId);
  if (direct.includes(input.permissionId)) return true;
  return expandPermissions(await permissionGraph(db, input.projectId), direct).has(input.permissionId);
}

/** Throws TEAM_PERMISSION_REQUIRED unless the member holds `permissionId`. */
export async function requirePermission(
  db: Reader,
  input: { projectId: string; teamId: string; userId: string; permissionId: string },
): Promise<void> {
  if (await holdsPermission(db, input)) return;
  throw knownError('TEAM_PERMISSION_REQUIRED', {
    team_id: input.teamId,
    user_id: input.userId,
    permission_id: input.permissionId,
  });
}

/**
 * Grants a new member the project's default permissions (`team_creator_default_permissions` for
 * the team's creator, `team_member_default_permissions` otherwise), in the membership's transaction.
 * The lists are read there, under a key-share lock on the project's row (which the membership's
 * foreign key takes anyway), not from the request's copy of the project: a definition deleted or
 * renamed at the same moment (under `lockProjectDefinitions`) is then either done before the read,
 * or waits for the membership and takes the grant with it. A member never holds a missing id.
 */
export async function grantDefaultPermissions(
  db: Pick<Database, 'insert' | 'select'>,
  projectId: string,
  input: { teamId: string; userId: string; as: 'creator' | 'member' },
): Promise<string[]> {
  const [project] = await db
    .select({
      creator: projects.teamCreatorDefaultPermissions,
      member: projects.teamMemberDefaultPermissions,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('key share');
  const list = defaultIds(input.as === 'creator' ? project?.creator : project?.member);
  const ids = [...new Set(list.map((p) => p.id))];
  if (ids.length === 0) return [];
  const granted = await db
    .insert(teamMemberPermissions)
    .values(ids.map((permissionId) => ({ teamId: input.teamId, userId: input.userId, permissionId })))
    .onConflictDoNothing()
    .returning({ id: teamMemberPermissions.permissionId });
  return granted.map((g) => g.id);
}

/**
 * Whether `id` may be granted in the project: a system permission, or a definition, whose row is
 * then locked (shared) so a concurrent delete or rename waits for the grant and then removes or
 * renames it too.
 */
export async function lockDefinitionForGrant(
  tx: Pick<Database, 'select'>,
  projectId: string,
  id: string,
): Promise<boolean> {
  if (isSystemPermission(id)) return true;
  const [row] = await tx
    .select({ id: permissionDefinitions.id })
    .from(permissionDefinitions)
    .where(and(eq(permissionDefinitions.projectId, projectId), eq(permissionDefinitions.id, id)))
    .for('share');
  return row !== undefined;
}
