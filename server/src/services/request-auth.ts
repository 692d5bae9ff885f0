/** Who is calling: what request authentication (http/auth.ts) hands to routes and services. */
import type { AccessType } from '../../../wire/headers.js';
import type { ProjectRow } from '../db/schema.js';
import type { UserRecord } from './users.js';

/** Who is calling, once authenticated. */
export interface RequestAuth {
  type: AccessType;
  project: ProjectRow;
  /** The user of the access token, if any and if it still exists. */
  user: UserRecord | null;
  /** The session the access token was minted from. */
  refreshTokenId: string | undefined;
  /** Whether an access token was sent and verified at all. */
  hasAccessToken: boolean;
}
