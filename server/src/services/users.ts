/** Loading users with what their wire views need (channels, password, OTP). */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { contactChannels, passwordCredentials, users } from '../db/schema.js';

/** A user row with its contact channels and whether it has a password. */
export interface UserRecord {
  row: typeof users.$inferSelect;
  channels: (typeof contactChannels.$inferSelect)[];
  hasPassword: boolean;
}

/** Loads a user of `projectId`, or null when it does not exist (or belongs to another project). */
export async function loadUser(db: Database, projectId: string, userId: string): Promise<UserRecord | null> {
  if (!isUuid(userId)) return null;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.projectId, projectId)));
  if (!row) return null;
  const [channels, password] = await Promise.all([
    db.select().from(contactChannels).where(eq(contactChannels.userId, userId)),
    db
      .select({ userId: passwordCredentials.userId })
      .from(passwordCredentials)
      .where(eq(passwordCredentials.userId, userId)),
  ]);
  return { row, channels, hasPassword: password.length > 0 };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in canonical text form (what a `uuid` column accepts without an error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
