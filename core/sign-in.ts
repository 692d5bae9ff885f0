/**
 * The one sign-in step every first factor and second factor ends in: store the tokens, record
 * the method, load the user, redirect — or, when the server asks for a second factor, keep the
 * attempt in a signal and say so. No sign-in plugin knows which second factor exists.
 */
import { type ReadonlySignal, signal } from '@preact/signals-core';
import type { SignInResponseJson } from '../wire/auth.js';
import type { ErrorCodesOf, ErrorFamily } from '../wire/errors/codes.js';
import type { Environment } from './env.js';
import type { AppEvents } from './events.js';
import { type Redirector, refuseRedirect } from './redirects.js';
import { type Result, toResult } from './result.js';
import type { KeyValueStorage } from './storage.js';
import type { TokenPair } from './tokens/token-store.js';

/**
 * How long the server keeps an MFA attempt: 5 minutes (wire.md §6.5). One literal rather than
 * `5 * 60_000`, which esbuild does not drop from the bundles that never read it (the screens').
 */
export const SECOND_FACTOR_ATTEMPT_MS = 300_000;

/**
 * A first factor succeeded but the user must also give a second one. The attempt keeps the options
 * of the sign-in it continues (its method, where it was to end), so a second-factor plugin
 * completes it with `ctx.signIn(call, attempt)` and the step ends it as that sign-in would have.
 */
export interface PendingSignIn extends SignInOptions {
  /** The wire's `attempt_code`, sent back with the second factor. */
  attemptCode: string;
  /** Whether the first factor created the account (or its caller said it did). */
  isNewUser: boolean;
  /** Epoch ms after which the server refuses the attempt. */
  expiresAt: number;
}

/** How a sign-in call wants to end. */
export interface SignInOptions {
  /** The method, recorded for the "last used" hint (`'password'`, `'magic-link'`, `'oauth:github'`). */
  method: string;
  /** Stay on the page instead of going to the after-sign-in / after-sign-up target. */
  noRedirect?: boolean;
  /**
   * Go here instead of the after-sign-in / after-sign-up target (an OAuth flow's after-callback
   * URL). Relative or on a trusted domain, as for every redirect: anything else is refused with an
   * `UntrustedRedirectError` before `call` runs. A pending attempt keeps it.
   */
  redirectTo?: string;
  /** Go to after-sign-in even for a new user (credential and passkey sign-ins do). */
  alwaysAfterSignIn?: boolean;
  /** The caller knows the account is new (a sign-up) even if the answer does not say so. */
  isNewUser?: boolean;
}

/** Who was signed in. */
export interface SignedIn {
  userId: string;
  isNewUser: boolean;
}

/**
 * What a sign-in call came to: signed in (shaped as a `Result`'s data), or waiting for a second
 * factor. Errors other than "second factor required" are thrown.
 */
export type SignInOutcome =
  | { status: 'ok'; data: SignedIn }
  | { status: 'second-factor-required'; attempt: PendingSignIn };

/**
 * The result of a plugin's sign-in call: signed in, an expected error, or a first factor that
 * succeeded and now waits for the second (the auth pages show the second-factor slot).
 */
export type SignInResult<C extends string> = Result<SignedIn, C> | SignInOutcome;

/**
 * Runs a sign-in through `toResult` (its codes read from `expected` the same way): its outcome, or
 * the expected error it threw.
 */
export async function toSignInResult<const E extends readonly (ErrorFamily | (string & {}))[]>(
  call: () => Promise<SignInOutcome>,
  expected: E,
): Promise<SignInResult<ErrorCodesOf<E[number]>>> {
  const result = await toResult(call, expected);
  return result.status === 'error' ? result : result.data;
}

/** What the step needs from the app. */
export interface SignInDeps {
  env: Environment;
  events: AppEvents;
  redirect: Redirector;
  /** App-level storage for the last-used method. */
  storage: KeyValueStorage;
  /** Replaces the session with fresh tokens and loads the user. */
  startSession(tokens: TokenPair): Promise<void>;
}

/** The sign-in step and the signals it owns. */
export interface SignInStep {
  readonly pending: ReadonlySignal<PendingSignIn | null>;
  /** The method of the last successful sign-in on this device, or null. */
  readonly lastMethod: ReadonlySignal<string | null>;
  run(call: () => Promise<SignInResponseJson>, options: SignInOptions): Promise<SignInOutcome>;
  cancel(): void;
}

const LAST_METHOD_KEY = 'last-sign-in-method';

/** Builds the sign-in step of one app. */
export function createSignInStep(deps: SignInDeps): SignInStep {
  const pending = signal<PendingSignIn | null>(null);
  const lastMethod = signal<string | null>(deps.storage.get(LAST_METHOD_KEY));

  async function run(
    call: () => Promise<SignInResponseJson>,
    options: SignInOptions,
  ): Promise<SignInOutcome> {
    const { method, redirectTo } = options;
    // Refused before anything happens: nobody is signed in only to be sent somewhere untrusted.
    if (redirectTo && !deps.redirect.isTrusted(redirectTo)) await refuseRedirect(redirectTo);
    let response: SignInResponseJson;
    try {
      response = await call();
    } catch (error) {
      // Loaded only now: a first sign-in that succeeds never reads a second-factor answer.
      const attempt = await (await import('./pending-sign-in.js')).pendingSignInOf(
        error,
        options,
        deps.env.now,
      );
      if (!attempt) throw error;
      pending.value = attempt;
      return { status: 'second-factor-required', attempt };
    }
    const isNewUser = response.is_new_user ?? options.isNewUser ?? false;
    pending.value = null;
    await deps.startSession({ accessToken: response.access_token, refreshToken: response.refresh_token });
    deps.storage.set(LAST_METHOD_KEY, method);
    lastMethod.value = method;
    deps.events.emit('signed-in', { userId: response.user_id, method, isNewUser });
    if (!options.noRedirect)
      await deps.redirect.redirect(
        {
          url:
            redirectTo ??
            deps.redirect.afterAuthHref(isNewUser && !options.alwaysAfterSignIn ? 'sign-up' : 'sign-in'),
        },
        { replace: true },
      );
    return { status: 'ok', data: { userId: response.user_id, isNewUser } };
  }

  return {
    pending,
    lastMethod,
    run,
    cancel: () => {
      pending.value = null;
    },
  };
}
