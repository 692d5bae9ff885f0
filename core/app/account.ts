/**
 * What the signed-in user does to their account after signing in: change it, delete it, sign
 * out. None of it runs on the way to the first sign-in, so `createApp` loads this module on the
 * first such call (a bundler that splits chunks keeps it out of the first load).
 */
import type { ClientUserJson } from '../../wire/user.js';
import { isSignetErrorLoaded } from '../errors/lazy.js';
import type { AppEvents } from '../events.js';
import type { HttpClient } from '../http/client.js';
import type { Redirector } from '../redirects.js';
import type { Session } from '../session/session.js';
import { type CurrentUser, type CurrentUserUpdate, userUpdateToJson } from '../user.js';
import type { UserState } from './user-state.js';

/** What the account calls need from the app. */
export interface AccountDeps {
  http: HttpClient;
  session: Session;
  state: UserState;
  redirect: Redirector;
  events: AppEvents;
  /** Forgets loads begun under the session and tells plugins it changed. */
  sessionChanged(): void;
}

/** Ends the session here: tokens cleared, user gone, `signed-out` emitted. */
async function endSession(deps: AccountDeps) {
  deps.sessionChanged();
  await deps.session.clear();
  deps.state.clearUser();
  deps.events.emit('signed-out', {});
}

/** `app.updateUser`: sends only what is given and takes the server's answer as the user. */
export async function updateUser(deps: AccountDeps, update: CurrentUserUpdate): Promise<CurrentUser> {
  const json = await deps.http.request<ClientUserJson>('/users/me', {
    method: 'PATCH',
    body: userUpdateToJson(update),
  });
  return deps.state.setUserJson(json);
}

/** `app.deleteUser`: deletes the account on the server, then ends the session here. */
export async function deleteUser(deps: AccountDeps): Promise<void> {
  await deps.http.request('/users/me', { method: 'DELETE' });
  await endSession(deps);
}

/** `app.signOut`: ends the session on the server and here, then goes to after-sign-out. */
export async function signOut(
  deps: AccountDeps,
  options?: { redirectUrl?: string; noRedirect?: boolean },
): Promise<void> {
  if (await deps.session.getTokens().catch(() => null)) {
    try {
      await deps.http.request('/auth/sessions/current', { method: 'DELETE', body: {} });
    } catch (error) {
      // The session is already gone on the server: signing out here is all that is left.
      if (!(await isSignetErrorLoaded(error, 'REFRESH_TOKEN_ERROR'))) throw error;
    }
  }
  await endSession(deps);
  if (options?.noRedirect) return;
  await deps.redirect.redirect(options?.redirectUrl ? { url: options.redirectUrl } : 'afterSignOut');
}
