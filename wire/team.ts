/**
 * Wire shapes of teams, member profiles, team permissions, permission definitions and invitations
 * (wire.md §5.3-5.6), written once: the server builds its answers to these and the kit parses them.
 */
import * as v from 'valibot';
import { ServerUserSchema } from './user.js';

const json = v.unknown();
const nullableString = v.nullable(v.string());

/** A team as client access sees it (wire.md §5.3). */
export const ClientTeamSchema = v.object({
  id: v.string(),
  display_name: v.string(),
  profile_image_url: nullableString,
  client_metadata: json,
  client_read_only_metadata: json,
});
/** A team, client view, in wire form. */
export type ClientTeamJson = v.InferOutput<typeof ClientTeamSchema>;

/** A team as server and admin access see it. */
export const ServerTeamSchema = v.object({
  ...ClientTeamSchema.entries,
  created_at_millis: v.number(),
  server_metadata: json,
});
/** A team, server view, in wire form. */
export type ServerTeamJson = v.InferOutput<typeof ServerTeamSchema>;

/** A list of teams (`GET /teams`): not paginated, oldest first. */
export const TeamListSchema = v.object({
  items: v.array(v.union([ServerTeamSchema, ClientTeamSchema])),
  is_paginated: v.literal(false),
});

/** A member's profile in a team (wire.md §5.4); the server view adds the whole user. */
export const TeamMemberProfileSchema = v.object({
  team_id: v.string(),
  user_id: v.string(),
  display_name: nullableString,
  profile_image_url: nullableString,
  user: v.optional(ServerUserSchema),
});
/** A member profile, in wire form. */
export type TeamMemberProfileJson = v.InferOutput<typeof TeamMemberProfileSchema>;

/** A membership (wire.md §5.6). */
export const TeamMembershipSchema = v.object({ team_id: v.string(), user_id: v.string() });

/** A permission a member holds in a team (wire.md §5.6). */
export const TeamPermissionSchema = v.object({ id: v.string(), user_id: v.string(), team_id: v.string() });
/** A team permission, in wire form. */
export type TeamPermissionJson = v.InferOutput<typeof TeamPermissionSchema>;

/** A team permission definition (wire.md §5.6); system ones start with `$`. */
export const PermissionDefinitionSchema = v.object({
  id: v.string(),
  description: v.optional(v.string()),
  contained_permission_ids: v.array(v.string()),
});
/** A permission definition, in wire form. */
export type PermissionDefinitionJson = v.InferOutput<typeof PermissionDefinitionSchema>;

/** A pending team invitation (wire.md §5.5). */
export const TeamInvitationSchema = v.object({
  id: v.string(),
  team_id: v.string(),
  expires_at_millis: v.number(),
  recipient_email: v.string(),
});
/** A team invitation, in wire form. */
export type TeamInvitationJson = v.InferOutput<typeof TeamInvitationSchema>;

/**
 * An invitation sent to the user (signet's addition, `GET /team-invitations?user_id=me`): the
 * list item and the name of the team it joins.
 */
export const ReceivedTeamInvitationSchema = v.object({
  ...TeamInvitationSchema.entries,
  team_display_name: v.string(),
});
/** A received team invitation, in wire form. */
export type ReceivedTeamInvitationJson = v.InferOutput<typeof ReceivedTeamInvitationSchema>;

/** The five system permissions every project has, with the wire's descriptions (wire.md §5.6). */
export const SYSTEM_PERMISSIONS = {
  $update_team: 'Update the team information',
  $delete_team: 'Delete the team',
  $read_members: 'Read and list the other members of the team',
  $remove_members: 'Remove other members from the team',
  $invite_members: 'Invite other users to the team',
} as const;

/** One of the system permission ids. */
export type SystemPermissionId = keyof typeof SYSTEM_PERMISSIONS;
