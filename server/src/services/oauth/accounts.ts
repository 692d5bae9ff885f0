/**
 * Who an OAuth callback signs in (wire.md §6.6 steps 6–8): in link mode the signed-in user gains
 * the provider account; in authenticate mode the account's user signs in, or a user is found by
 * email under the project's merge strategy, or a new user is made from the provider's profile.
 * Runs inside the callback's transaction, so a refusal writes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { randomUuid } from '../../crypto/random.js';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { ProjectRow } from '../../db/schema.js';
import { oauthAccounts } from '../../db/schema.js';
import { knownError } from '../../errors.js';
import { findAuthEmailChannel } from '../auth-channels.js';
import type { ServerContext } from '../context.js';
import { createUser } from '../create-user.js';
import { lockUser } from '../users.js';
import type { CodeTransaction } from '../verification-codes.js';
import type { ProviderSignIn } from './provider-client.js';
import { storeProviderTokens } from './provider-tokens.js';

/** The user the callback ends with. */
export interface OAuthUser {
  userId: string;
  isNewUser: boolean;
}

interface CallbackInput {
  project: ProjectRow;
  providerId: string;
  /** Set in link mode: the user who asked to connect the provider. */
  linkUserId: string | null;
  signIn: ProviderSignIn;
  tokenBox: SecretBox;
  now: number;
  /** Where a new user's webhook events go. */
  events: Pick<ServerContext, 'svix' | 'now'>;
}

/** Resolves the user of an OAuth callback and stores the provider's tokens on the account. */
export async function resolveOAuthUser(tx: CodeTransaction, input: CallbackInput): Promise<OAuthUser> {
  const { project, providerId, signIn } = input;
  const [existing] = await tx
    .select({ id: oauthAccounts.id, userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(
      and(
        eq(oauthAccounts.projectId, project.id),
        eq(oauthAccounts.providerId, providerId),
        eq(oauthAccounts.providerAccountId, signIn.profile.accountId),
      ),
    );

  if (input.linkUserId !== null) {
    const userId = input.linkUserId;
    if (!(await lockUser(tx, userId, 'share'))) throw knownError('USER_NOT_FOUND');
    if (existing && existing.userId !== userId)
      throw knownError('OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER');
    const [own] = await tx
      .select({ id: oauthAccounts.id, providerAccountId: oauthAccounts.providerAccountId })
      .from(oauthAccounts)
      .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.providerId, providerId)));
    if (own && own.providerAccountId !== signIn.profile.accountId) {
      throw knownError('USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION');
    }
    const accountId = own?.id ?? (await insertAccount(tx, input, userId));
    await storeProviderTokens(tx, input.tokenBox, accountId, signIn, input.now);
    return { userId, isNewUser: false };
  }

  if (existing) {
    // A sign-in grants a way into the account: the same lock as every other sign-in.
    if (!(await lockUser(tx, existing.userId, 'share'))) throw knownError('USER_NOT_FOUND');
    await storeProviderTokens(tx, input.tokenBox, existing.id, signIn, input.now);
    return { userId: existing.userId, isNewUser: false };
  }

  const email = signIn.profile.email;
  const owner = email === null ? undefined : await findAuthEmailChannel(tx, project.id, email);
  if (owner) {
    const strategy = project.oauthAccountMergeStrategy;
    if (strategy === 'link_method') {
      // Both sides must have proven the address; otherwise either could be someone else's claim.
      if (!owner.isVerified || !signIn.profile.emailVerified) throw emailTaken();
      if (!(await lockUser(tx, owner.userId, 'share'))) throw knownError('USER_NOT_FOUND');
      // One account per provider and user: another account of this provider is not merged in.
      if (await hasAccountAt(tx, owner.userId, providerId)) {
        throw knownError('USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION');
      }
      const accountId = await insertAccount(tx, input, owner.userId);
      await storeProviderTokens(tx, input.tokenBox, accountId, signIn, input.now);
      return { userId: owner.userId, isNewUser: false };
    }
    if (strategy !== 'allow_duplicates') throw emailTaken();
  }

  if (!project.signUpEnabled) throw knownError('SIGN_UP_NOT_ENABLED');
  const { userId, oauthAccountIds } = await createUser(input.events, tx, project, {
    at: new Date(input.now),
    displayName: signIn.profile.displayName,
    profileImageUrl: signIn.profile.profileImageUrl,
    primaryEmail:
      email === null
        ? null
        : // With allow_duplicates the address stays with the account that signs in with it.
          { value: email, isVerified: signIn.profile.emailVerified, usedForAuth: !owner },
    oauthAccounts: [{ providerId, providerAccountId: signIn.profile.accountId, email }],
  });
  await storeProviderTokens(tx, input.tokenBox, oauthAccountIds[0]!, signIn, input.now);
  return { userId, isNewUser: true };
}

async function hasAccountAt(tx: CodeTransaction, userId: string, providerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: oauthAccounts.id })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.providerId, providerId)));
  return row !== undefined;
}

async function insertAccount(tx: CodeTransaction, input: CallbackInput, userId: string): Promise<string> {
  const id = randomUuid();
  await tx.insert(oauthAccounts).values({
    id,
    projectId: input.project.id,
    userId,
    providerId: input.providerId,
    providerAccountId: input.signIn.profile.accountId,
    email: input.signIn.profile.email,
    createdAt: new Date(input.now),
  });
  return id;
}

// The address is not repeated in the details: they travel in the error URL's query.
const emailTaken = () =>
  knownError('CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE', { type: 'email' });
