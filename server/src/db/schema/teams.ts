/** Teams, their members, the permissions members hold and the project's permission definitions. */
import { foreignKey, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { projects } from './projects.js';
import { users } from './users.js';

/** A team of a project (wire.md §5.3). */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    profileImageUrl: text('profile_image_url'),
    clientMetadata: jsonb('client_metadata'),
    clientReadOnlyMetadata: jsonb('client_read_only_metadata'),
    serverMetadata: jsonb('server_metadata'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('teams_project_created_idx').on(t.projectId, t.createdAt)],
);

/** A team row. */
export type TeamRow = typeof teams.$inferSelect;

/**
 * A user's membership of a team, with the member's profile in it (wire.md §5.4: null fields fall
 * back to the user's own name and image).
 */
export const teamMembers = pgTable(
  'team_members',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name'),
    profileImageUrl: text('profile_image_url'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

/**
 * A permission granted directly to a member of a team; what it contains follows from the
 * project's permission definitions (services/teams/permissions.ts).
 */
export const teamMemberPermissions = pgTable(
  'team_member_permissions',
  {
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id').notNull(),
    permissionId: text('permission_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId, t.permissionId] }),
    foreignKey({
      columns: [t.teamId, t.userId],
      foreignColumns: [teamMembers.teamId, teamMembers.userId],
    }).onDelete('cascade'),
  ],
);

/**
 * A project's own team permission definitions (wire.md §5.6); the five system permissions are
 * not stored. New projects get `admin` (every system permission) and `member`.
 */
export const permissionDefinitions = pgTable(
  'permission_definitions',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    description: text('description'),
    /** The ids this permission contains (a JSON array of strings). */
    containedPermissionIds: jsonb('contained_permission_ids').$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] })],
);
