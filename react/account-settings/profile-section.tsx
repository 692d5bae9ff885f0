/** The profile section: display name and profile image. */
import type { CurrentUser } from '../../core/user.js';

/** Edits the user's display name and profile image. */
export function ProfileSection({ user }: { user: CurrentUser }) {
  return <p>{user.displayName ?? user.primaryEmail}</p>;
}
