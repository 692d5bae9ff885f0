/** Looking up the email channel used for auth with a given value, the key of email sign-in. */
import { and, eq, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { contactChannels } from '../db/schema.js';

/**
 * The condition on `contact_channels` that picks "the email used for sign-in" at address `email`:
 * an email channel, used for auth, with exactly that value (no case folding, wire.md §4.1). The
 * caller scopes it to a project or a user. `email` may be a placeholder of a prebuilt statement.
 */
export function isSignInEmail(email: string | Placeholder): SQL {
  return and(
    eq(contactChannels.type, 'email'),
    eq(contactChannels.value, email),
    eq(contactChannels.usedForAuth, true),
  )!;
}

/** The channel of `projectId` used for auth with exactly `email` (no case folding, wire.md §4.1), if any. */
export async function findAuthEmailChannel(
  db: Pick<Database, 'select'>,
  projectId: string,
  email: string,
): Promise<typeof contactChannels.$inferSelect | undefined> {
  const [channel] = await db
    .select()
    .from(contactChannels)
    .where(and(eq(contactChannels.projectId, projectId), isSignInEmail(email)));
  return channel;
}
