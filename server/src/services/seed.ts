/**
 * First-start seeding: the `internal` project (as on a Stack Auth backend, configured from the same
 * `STACK_SEED_INTERNAL_PROJECT_*` variables), a development project, their key sets, an optional
 * first administrator, and the server secret shared by every process on this database. Idempotent
 * and safe to run from several processes at once (it holds the migration advisory lock).
 */

import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { randomCrockford, randomUuid } from '../crypto/random.js';
import type { Database } from '../db/database.js';
import { MIGRATION_LOCK_KEY } from '../db/migrate.js';
import { apiKeySets, projects, serverMeta, users } from '../db/schema.js';
import { createUser } from './create-user.js';
import { createPasswordService } from './passwords.js';
import { DEV_PROJECT_AWAITING_OWNER } from './project-owners.js';
import { addDefaultPermissionDefinitions } from './teams/permissions.js';

/** The id and the three keys of a project. */
export interface ProjectKeys {
  projectId: string;
  publishableClientKey: string;
  secretServerKey: string;
  superSecretAdminKey: string;
}

/** Fixed ids and keys for the seeded projects (from options or the environment). */
export interface SeedOptions {
  internal?: {
    publishableClientKey?: string;
    secretServerKey?: string;
    superSecretAdminKey?: string;
    /**
     * Settings of the internal project; each left out keeps signet's default (sign-up, codes and
     * localhost on; no OAuth provider; no client team creation). Sign-up and localhost are applied
     * on every start, the others when the project is first made, as the reference does.
     */
    config?: {
      signUpEnabled?: boolean;
      otpEnabled?: boolean;
      allowLocalhost?: boolean;
      /** Shared-key providers, e.g. `['github', 'google']`. */
      oauthProviders?: string[];
      clientTeamCreation?: boolean;
    };
    /** A first administrator of the internal project, made once (email and password). */
    user?: { email: string; password: string; internalAccess?: boolean };
  };
  dev?: {
    projectId?: string;
    publishableClientKey?: string;
    secretServerKey?: string;
    superSecretAdminKey?: string;
    /**
     * The next user who signs up to the internal project (the console) becomes the development
     * project's owner, while no internal user manages it. For `npm start`; off by default, so a
     * deployed server never hands a project to whoever signs up first.
     */
    ownedByFirstSignUp?: boolean;
  };
}

/** What seeding leaves behind. */
export interface SeedResult {
  internal: ProjectKeys;
  dev: ProjectKeys;
  serverSecret: string;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const HUNDRED_YEARS_MS = 100 * 365 * 24 * 3600 * 1000;

/** Reads the seed ids and keys from the variables a Stack Auth backend (and signet) understands. */
export function seedFromEnv(env: Record<string, string | undefined>): SeedOptions {
  const pick = (name: string) => (env[name] ? env[name] : undefined);
  // The reference reads a flag as on only when it is exactly 'true'; unset keeps signet's default.
  const flag = (name: string) => (env[name] === undefined ? undefined : env[name] === 'true');
  const providers = pick('STACK_SEED_INTERNAL_PROJECT_OAUTH_PROVIDERS');
  const email = pick('STACK_SEED_INTERNAL_PROJECT_USER_EMAIL');
  const password = pick('STACK_SEED_INTERNAL_PROJECT_USER_PASSWORD');
  return {
    internal: {
      publishableClientKey: pick('STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY'),
      secretServerKey: pick('STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY'),
      superSecretAdminKey: pick('STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY'),
      config: {
        signUpEnabled: flag('STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED'),
        otpEnabled: flag('STACK_SEED_INTERNAL_PROJECT_OTP_ENABLED'),
        allowLocalhost: flag('STACK_SEED_INTERNAL_PROJECT_ALLOW_LOCALHOST'),
        oauthProviders: providers
          ?.split(',')
          .map((id) => id.trim())
          .filter(Boolean),
        clientTeamCreation: flag('STACK_SEED_INTERNAL_PROJECT_CLIENT_TEAM_CREATION'),
      },
      user:
        email && password
          ? {
              email,
              password,
              internalAccess: flag('STACK_SEED_INTERNAL_PROJECT_USER_INTERNAL_ACCESS') ?? false,
            }
          : undefined,
    },
    dev: {
      projectId: pick('SIGNET_SEED_DEV_PROJECT_ID'),
      publishableClientKey: pick('SIGNET_SEED_DEV_PROJECT_PUBLISHABLE_CLIENT_KEY'),
      secretServerKey: pick('SIGNET_SEED_DEV_PROJECT_SECRET_SERVER_KEY'),
      superSecretAdminKey: pick('SIGNET_SEED_DEV_PROJECT_SUPER_SECRET_ADMIN_KEY'),
      ownedByFirstSignUp: env.SIGNET_SEED_DEV_PROJECT_OWNER === 'first-sign-up',
    },
  };
}

/** Seeds what is missing and returns the seeded projects' keys and the server secret. */
export async function seed(
  db: Database,
  options: { seed?: SeedOptions; serverSecret?: string; now: () => number },
): Promise<SeedResult> {
  const { now } = options;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    const serverSecret =
      options.serverSecret ??
      (await metaValue(tx, 'server_secret', () => randomBytes(32).toString('base64url')));

    const config = options.seed?.internal?.config ?? {};
    // Like the reference's, the internal project has no team permission definitions and gives
    // team creators and members none.
    await ensureProject(tx, now, {
      id: 'internal',
      displayName: 'Stack Dashboard',
      description: "Stack's admin dashboard",
      magicLinkEnabled: config.otpEnabled ?? true,
      passkeyEnabled: false,
      clientTeamCreationEnabled: config.clientTeamCreation ?? false,
      oauthProviders: (config.oauthProviders ?? []).map((id) => ({ id, type: 'shared', enabled: true })),
      signUpEnabled: config.signUpEnabled,
      allowLocalhost: config.allowLocalhost,
      permissionDefinitions: false,
    });
    await applyEveryStart(tx, 'internal', config);
    const internal = await ensureKeys(tx, now, 'internal', options.seed?.internal ?? {});
    const admin = options.seed?.internal?.user;
    if (admin) await ensureAdministrator(tx, now, admin);

    const wantedDevId = options.seed?.dev?.projectId;
    const devId = wantedDevId
      ? await setMeta(tx, 'dev_project_id', wantedDevId)
      : await metaValue(tx, 'dev_project_id', randomUuid);
    await ensureProject(tx, now, {
      id: devId,
      displayName: 'Development project',
      description: 'Seeded by signet-server for local development',
      magicLinkEnabled: true,
      // So a fresh clone's example app shows every sign-in method it has screens for.
      passkeyEnabled: true,
      // And its team switcher can create teams.
      clientTeamCreationEnabled: true,
      // Shared keys: social sign-in through the development identity provider, with no keys at all.
      oauthProviders: [
        { id: 'github', type: 'shared', enabled: true },
        { id: 'google', type: 'shared', enabled: true },
      ],
    });
    const dev = await ensureKeys(tx, now, devId, options.seed?.dev ?? {});
    await markDevProjectOwnership(tx, devId, options.seed?.dev?.ownedByFirstSignUp ?? false);
    return { internal, dev, serverSecret };
  });
}

/** Marks the development project as waiting for its first owner, or clears the mark. */
async function markDevProjectOwnership(tx: Tx, devId: string, ownedByFirstSignUp: boolean): Promise<void> {
  const [owner] = ownedByFirstSignUp
    ? await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.projectId, 'internal'),
            sql`jsonb_typeof(${users.serverMetadata}->'managedProjectIds') = 'array'`,
            sql`(${users.serverMetadata}->'managedProjectIds') ? ${devId}::text`,
          ),
        )
        .limit(1)
    : [];
  if (ownedByFirstSignUp && !owner) await setMeta(tx, DEV_PROJECT_AWAITING_OWNER, devId);
  else await tx.delete(serverMeta).where(eq(serverMeta.key, DEV_PROJECT_AWAITING_OWNER));
}

async function metaValue(tx: Tx, key: string, make: () => string): Promise<string> {
  await tx.insert(serverMeta).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await tx.select().from(serverMeta).where(eq(serverMeta.key, key));
  return row!.value;
}

async function setMeta(tx: Tx, key: string, value: string): Promise<string> {
  await tx
    .insert(serverMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: serverMeta.key, set: { value } });
  return value;
}

async function ensureProject(
  tx: Tx,
  now: () => number,
  p: {
    id: string;
    displayName: string;
    description: string;
    magicLinkEnabled: boolean;
    passkeyEnabled: boolean;
    clientTeamCreationEnabled: boolean;
    oauthProviders: { id: string; type: 'shared'; enabled: boolean }[];
    signUpEnabled?: boolean;
    allowLocalhost?: boolean;
    /** Whether the project gets the default team permission definitions (`admin`, `member`). */
    permissionDefinitions?: boolean;
  },
): Promise<void> {
  const withDefinitions = p.permissionDefinitions ?? true;
  await tx
    .insert(projects)
    .values({
      id: p.id,
      displayName: p.displayName,
      description: p.description,
      createdAt: new Date(now()),
      configId: randomUuid(),
      allowLocalhost: p.allowLocalhost ?? true,
      signUpEnabled: p.signUpEnabled ?? true,
      credentialEnabled: true,
      magicLinkEnabled: p.magicLinkEnabled,
      passkeyEnabled: p.passkeyEnabled,
      clientTeamCreationEnabled: p.clientTeamCreationEnabled,
      oauthProviders: p.oauthProviders,
      emailConfig: { type: 'shared' },
      ...(withDefinitions ? {} : { teamCreatorDefaultPermissions: [], teamMemberDefaultPermissions: [] }),
    })
    .onConflictDoNothing();
  if (withDefinitions) await addDefaultPermissionDefinitions(tx, p.id);
}

/** Sign-up and localhost follow the environment on every start, as the reference's seed does. */
async function applyEveryStart(
  tx: Tx,
  projectId: string,
  config: { signUpEnabled?: boolean; allowLocalhost?: boolean },
): Promise<void> {
  const set = { signUpEnabled: config.signUpEnabled, allowLocalhost: config.allowLocalhost };
  if (set.signUpEnabled === undefined && set.allowLocalhost === undefined) return;
  await tx.update(projects).set(set).where(eq(projects.id, projectId));
}

/** The reference's fixed id of the seeded administrator, so a second start finds it. */
const ADMINISTRATOR_ID = '33e7c043-d2d1-4187-acd3-f91b5ed64b46';

/**
 * The first administrator of the internal project, as the reference seeds it: signing in with the
 * email (unverified) and password; with internal access, a manager of the internal project.
 */
async function ensureAdministrator(
  tx: Tx,
  now: () => number,
  admin: { email: string; password: string; internalAccess?: boolean },
): Promise<void> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.id, ADMINISTRATOR_ID));
  if (existing) return;
  const [project] = await tx.select().from(projects).where(eq(projects.id, 'internal'));
  await createUser({ svix: undefined, now }, tx, project!, {
    id: ADMINISTRATOR_ID,
    at: new Date(now()),
    displayName: 'Administrator (created by seed script)',
    serverMetadata: admin.internalAccess ? { managedProjectIds: ['internal'] } : undefined,
    primaryEmail: { value: admin.email, isVerified: false, usedForAuth: true },
    passwordHash: await createPasswordService().hash(admin.password),
  });
}

const newKey = (prefix: string) => `${prefix}_${randomCrockford(45)}`;

/**
 * Makes sure the project has a usable key set: the given keys if any (added when missing), else
 * any valid set already there, else a freshly generated one.
 */
async function ensureKeys(
  tx: Tx,
  now: () => number,
  projectId: string,
  given: { publishableClientKey?: string; secretServerKey?: string; superSecretAdminKey?: string },
): Promise<ProjectKeys> {
  const at = new Date(now());
  const valid = and(
    eq(apiKeySets.projectId, projectId),
    isNull(apiKeySets.manuallyRevokedAt),
    gt(apiKeySets.expiresAt, at),
  );
  const anyGiven = given.publishableClientKey || given.secretServerKey || given.superSecretAdminKey;
  if (anyGiven) {
    const matches = [
      given.publishableClientKey
        ? eq(apiKeySets.publishableClientKey, given.publishableClientKey)
        : undefined,
      given.secretServerKey ? eq(apiKeySets.secretServerKey, given.secretServerKey) : undefined,
      given.superSecretAdminKey ? eq(apiKeySets.superSecretAdminKey, given.superSecretAdminKey) : undefined,
    ].filter((m) => m !== undefined);
    const [existing] = await tx
      .select()
      .from(apiKeySets)
      .where(and(eq(apiKeySets.projectId, projectId), or(...matches)));
    if (!existing) {
      await tx.insert(apiKeySets).values({
        id: randomUuid(),
        projectId,
        description: 'Seeded from the environment',
        publishableClientKey: given.publishableClientKey ?? newKey('pck'),
        secretServerKey: given.secretServerKey ?? newKey('ssk'),
        superSecretAdminKey: given.superSecretAdminKey ?? newKey('sak'),
        createdAt: at,
        expiresAt: new Date(now() + HUNDRED_YEARS_MS),
      });
    }
    const [row] = await tx
      .select()
      .from(apiKeySets)
      .where(and(valid, or(...matches)))
      .orderBy(desc(apiKeySets.createdAt));
    if (row) return toKeys(projectId, row);
  }
  const [current] = await tx.select().from(apiKeySets).where(valid).orderBy(desc(apiKeySets.createdAt));
  if (current?.publishableClientKey && current.secretServerKey && current.superSecretAdminKey) {
    return toKeys(projectId, current);
  }
  const keys = {
    publishableClientKey: newKey('pck'),
    secretServerKey: newKey('ssk'),
    superSecretAdminKey: newKey('sak'),
  };
  await tx.insert(apiKeySets).values({
    id: randomUuid(),
    projectId,
    description: 'Seeded on first start',
    ...keys,
    createdAt: at,
    expiresAt: new Date(now() + HUNDRED_YEARS_MS),
  });
  return { projectId, ...keys };
}

function toKeys(projectId: string, row: typeof apiKeySets.$inferSelect): ProjectKeys {
  return {
    projectId,
    publishableClientKey: row.publishableClientKey ?? '',
    secretServerKey: row.secretServerKey ?? '',
    superSecretAdminKey: row.superSecretAdminKey ?? '',
  };
}
