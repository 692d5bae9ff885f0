/**
 * The app's view of who is signed in and which project it talks to: the user, status and project
 * signals and the loads that fill them. A session epoch keeps a load begun under an old session
 * from writing its stale answer over the new state.
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals-core';
import type { ClientProjectJson } from '../../wire/project.js';
import type { ClientUserJson } from '../../wire/user.js';
import { isSignetErrorLoaded } from '../errors/lazy.js';
import type { AppEvents } from '../events.js';
import type { HttpClient } from '../http/client.js';
import { type ClientProject, projectFromJson } from '../project.js';
import type { Session } from '../session/session.js';
import { type CurrentUser, userFromJson } from '../user.js';

/** Whether a user is signed in; `loading` until the first answer. */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/**
 * What a server render knew, for the browser's app to start from (`createApp({ initialState })`):
 * plain data, safe to serialise into the page. `user` is left out while not yet loaded.
 */
export interface InitialState {
  user?: CurrentUser | null;
  project?: ClientProject | null;
}

/** The signals and loads of one app. */
export interface UserState {
  readonly user: ReadonlySignal<CurrentUser | null>;
  readonly status: ReadonlySignal<SessionStatus>;
  readonly project: ReadonlySignal<ClientProject | null>;
  refreshUser(): Promise<CurrentUser | null>;
  getProject(): Promise<ClientProject>;
  ready(): Promise<void>;
  /** Whether the user has been loaded (or given) at least once. */
  isUserLoaded(): boolean;
  /** Sets the user from a `users/me` answer. */
  setUserJson(json: ClientUserJson): CurrentUser;
  /** Forgets loads in flight: the session changed under them. */
  newEpoch(): void;
  /** Marks the app signed out. */
  clearUser(): void;
  snapshot(): InitialState;
}

/** Builds the user state of one app, optionally starting from a server render's state. */
export function createUserState(
  http: HttpClient,
  session: Session,
  events: AppEvents,
  initial?: InitialState,
): UserState {
  const user = signal<CurrentUser | null>(initial?.user ?? null);
  const userLoaded = signal(initial?.user !== undefined);
  const project = signal<ClientProject | null>(initial?.project ?? null);
  const status = computed<SessionStatus>(() =>
    !userLoaded.value ? 'loading' : user.value ? 'signed-in' : 'signed-out',
  );

  const setUser = (next: CurrentUser | null) => {
    const changed = user.peek() !== next;
    user.value = next;
    userLoaded.value = true;
    if (changed) events.emit('user-changed', { user: next });
  };

  let epoch = 0;
  let userRequest: Promise<CurrentUser | null> | null = null;
  const refreshUser = () => {
    userRequest ??= (async () => {
      const started = epoch;
      try {
        const tokens = await session.getTokens();
        let next: CurrentUser | null = null;
        if (tokens) {
          try {
            next = userFromJson(await http.request<ClientUserJson>('/users/me'));
          } catch (error) {
            // The server no longer knows the session's user: that is signed out, not a failure.
            if (!(await isSignetErrorLoaded(error, 'CANNOT_GET_OWN_USER_WITHOUT_USER'))) throw error;
          }
        }
        if (started !== epoch) return user.peek();
        setUser(next);
        return next;
      } finally {
        if (started === epoch) userRequest = null;
      }
    })();
    return userRequest;
  };

  let projectRequest: Promise<ClientProject> | null = initial?.project
    ? Promise.resolve(initial.project)
    : null;
  const getProject = () => {
    projectRequest ??= http
      .request<ClientProjectJson>('/projects/current', { withSession: false })
      .then((json) => {
        const loaded = projectFromJson(json);
        project.value = loaded;
        return loaded;
      })
      .catch((error) => {
        projectRequest = null;
        throw error;
      });
    return projectRequest;
  };

  let readyRequest: Promise<void> | null = null;
  const ready = () => {
    readyRequest ??= Promise.all([userLoaded.peek() ? null : refreshUser(), getProject()]).then(
      () => undefined,
      (error) => {
        readyRequest = null;
        throw error;
      },
    );
    return readyRequest;
  };

  return {
    user,
    status,
    project,
    refreshUser,
    getProject,
    ready,
    isUserLoaded: () => userLoaded.peek(),
    setUserJson(json) {
      const next = userFromJson(json);
      setUser(next);
      return next;
    },
    newEpoch() {
      epoch++;
      userRequest = null;
    },
    clearUser: () => setUser(null),
    snapshot: () => ({
      ...(userLoaded.peek() ? { user: user.peek() } : {}),
      project: project.peek(),
    }),
  };
}
