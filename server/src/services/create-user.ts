/**
 * The one way a user comes into being, whichever path makes it (password sign-up, code sign-in,
 * OAuth, server `POST /users`): the user row, its primary email channel, its password, its
 * provider accounts and, when the project asks for one, its own team (wire.md §4.8), all in the
 * caller's transaction. A rule for every new user is written here once.
 */
import { randomUuid } from '../crypto/random.js';
import type { Database } from '../db/database.js';
import { contactChannels, oauthAccounts, passwordCredentials, users } from '../db/schema.js';
import type { ServerContext } from './context.js';
import { claimWaitingDevProject } from './project-owners.js';
import { createPersonalTeam } from './teams/personal-team.js';
import { emitEvents } from './webhooks/emit.js';
import { userEvent } from './webhooks/payloads.js';

type Writer = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The project a user is created in: what the personal team needs of it. */
type Project = Parameters<typeof createPersonalTeam>[2];

/** A new user: every field a creating path may set; what it leaves out keeps the column's default. */
export interface NewUser {
  /** A fixed id (the seeded administrator's); a new random one otherwise. */
  id?: string;
  /** The moment of creation: the user's, its channel's, its password's and its team's. */
  at: Date;
  displayName?: string | null;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  otpAuthEnabled?: boolean;
  /** The TOTP secret, already sealed. */
  totpSecret?: string | null;
  /** The primary email channel, if the user has one. */
  primaryEmail?: { value: string; isVerified: boolean; usedForAuth: boolean } | null;
  /** The password hash to store (argon2id, or an imported bcrypt hash); none without. */
  passwordHash?: string | null;
  /** Accounts at OAuth providers the user signs in with. */
  oauthAccounts?: readonly { providerId: string; providerAccountId: string; email: string | null }[];
}

/** The user just created, with the ids of its provider accounts in the order given. */
export interface CreatedUser {
  userId: string;
  oauthAccountIds: string[];
}

/**
 * Creates a user of `project` inside `tx`. A sign-in address another user already signs in with
 * fails on the database's unique index; the caller maps that to its own answer.
 */
export async function createUser(
  ctx: Pick<ServerContext, 'svix' | 'now'>,
  tx: Writer,
  project: Project,
  input: NewUser,
): Promise<CreatedUser> {
  const userId = input.id ?? randomUuid();
  const { at } = input;
  await tx.insert(users).values({
    id: userId,
    projectId: project.id,
    displayName: input.displayName,
    profileImageUrl: input.profileImageUrl,
    clientMetadata: input.clientMetadata,
    clientReadOnlyMetadata: input.clientReadOnlyMetadata,
    serverMetadata: input.serverMetadata,
    otpAuthEnabled: input.otpAuthEnabled,
    totpSecret: input.totpSecret,
    createdAt: at,
  });
  const email = input.primaryEmail;
  if (email) {
    await tx.insert(contactChannels).values({
      id: randomUuid(),
      projectId: project.id,
      userId,
      type: 'email',
      value: email.value,
      isPrimary: true,
      isVerified: email.isVerified,
      usedForAuth: email.usedForAuth,
      createdAt: at,
    });
  }
  if (input.passwordHash) {
    await tx.insert(passwordCredentials).values({ userId, passwordHash: input.passwordHash, updatedAt: at });
  }
  const oauthAccountIds: string[] = [];
  for (const account of input.oauthAccounts ?? []) {
    const id = randomUuid();
    await tx.insert(oauthAccounts).values({ id, projectId: project.id, userId, ...account, createdAt: at });
    oauthAccountIds.push(id);
  }
  await createPersonalTeam(ctx, tx, project, {
    id: userId,
    displayName: input.displayName,
    email: email?.value,
    at,
  });
  // On a development server the first console account becomes the development project's owner.
  if (project.id === 'internal') await claimWaitingDevProject(tx, userId);
  // Every path that creates a user passes through here: user.created is written once, after the
  // personal team's events, with the user as it now is.
  await emitEvents(ctx, tx, project.id, await userEvent(tx, 'user.created', project.id, userId));
  return { userId, oauthAccountIds };
}
