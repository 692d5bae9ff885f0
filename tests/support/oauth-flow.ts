/**
 * An OAuth sign-in driven as a browser and the kit drive it, without a browser: the app's start
 * (PKCE verifier, state), the server's authorize redirect and inner cookie, the provider's
 * sign-in (the development identity provider's form, or a provider process), the server's
 * callback, and the code exchange at the token endpoint. Each step can be taken apart, so tests
 * can replay, swap or tamper with what one step hands the next.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { type RawResponse, readRaw } from './raw-api.js';

/** The app's callback page and error page in these tests (localhost is trusted in development). */
export const APP_CALLBACK = 'http://localhost:5173/handler/oauth-callback';
export const APP_ERROR = 'http://localhost:5173/handler/error';

/** What the app keeps while the browser is away (the kit's `stack-oauth-outer-{state}` cookie). */
export interface OuterStart {
  state: string;
  verifier: string;
  challenge: string;
}

/** A fresh verifier, challenge and state, as the kit makes them (wire.md §6.6 step 1). */
export function outerStart(): OuterStart {
  const verifier = randomBytes(32).toString('base64url');
  return {
    state: randomBytes(32).toString('base64url'),
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
  };
}

/** The authorize URL of step 2; `extra` adds or overrides query parameters. */
export function authorizeUrl(
  api: string,
  keys: ProjectKeys,
  provider: string,
  start: OuterStart,
  extra: Record<string, string> = {},
): string {
  const url = new URL(`${api}/api/v1/auth/oauth/authorize/${provider}`);
  const params: Record<string, string> = {
    client_id: keys.projectId,
    client_secret: keys.publishableClientKey,
    redirect_uri: APP_CALLBACK,
    scope: 'legacy',
    state: start.state,
    grant_type: 'authorization_code',
    code_challenge: start.challenge,
    code_challenge_method: 'S256',
    response_type: 'code',
    type: 'authenticate',
    error_redirect_url: APP_ERROR,
    ...extra,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** The server's answer to authorize: where the provider is, and the inner cookie it set. */
export interface Authorized {
  providerUrl: string;
  /** `name=value` of the inner cookie, to send back at the callback. */
  cookie: string;
}

/** Step 3–4: GET authorize, expecting the 307 to the provider. */
export async function authorize(url: string): Promise<Authorized> {
  const response = await fetch(url, { redirect: 'manual' });
  const body = await response.text();
  expect(response.status, body).toBe(307);
  const setCookie = response.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/^stack-oauth-inner-[0-9a-z]+=true;.*HttpOnly/);
  return { providerUrl: response.headers.get('location')!, cookie: setCookie.split(';')[0]! };
}

/** Someone at the development identity provider's page. */
export interface DevUser {
  email: string;
  name?: string;
  emailVerified?: boolean;
  deny?: boolean;
}

/**
 * The development identity provider's form, submitted as the page would (its hidden fields are
 * the authorization request's parameters); returns where it sends the browser (the callback).
 */
export async function devProviderLogin(providerUrl: string, user: DevUser): Promise<string> {
  const page = await fetch(providerUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('(development)');
  const form = new URLSearchParams(new URL(providerUrl).searchParams);
  form.set('email', user.email);
  form.set('name', user.name ?? '');
  if (user.emailVerified !== false) form.set('email_verified', 'on');
  form.set('decision', user.deny ? 'deny' : 'allow');
  const response = await fetch(providerUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(response.status, await response.text()).toBe(303);
  return response.headers.get('location')!;
}

/** The server's callback answer: where it sends the browser. */
export interface CallbackResult {
  status: number;
  location: string | null;
  text: string;
  setCookie: string | null;
}

/** Steps 5–9: the browser arrives at the server's callback with (or without) the inner cookie. */
export async function callback(callbackUrl: string, cookie?: string): Promise<CallbackResult> {
  const response = await fetch(callbackUrl, {
    redirect: 'manual',
    headers: cookie ? { cookie } : {},
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    text: await response.text(),
    setCookie: response.headers.get('set-cookie'),
  };
}

/** The app's code from the callback's redirect, after checking it went to the app with its state. */
export function appCode(result: CallbackResult, start: OuterStart): string {
  expect(result.status, result.text).toBe(307);
  const target = new URL(result.location!);
  expect(`${target.origin}${target.pathname}`, result.location!).toBe(APP_CALLBACK);
  expect(target.searchParams.get('state')).toBe(start.state);
  return target.searchParams.get('code')!;
}

/** The error URL's query of a callback that failed with a known error. */
export function appError(result: CallbackResult): { errorCode: string; message: string; details: unknown } {
  expect(result.status, result.text).toBe(307);
  const target = new URL(result.location!);
  expect(`${target.origin}${target.pathname}`).toBe(APP_ERROR);
  return {
    errorCode: target.searchParams.get('errorCode')!,
    message: target.searchParams.get('message')!,
    details: JSON.parse(target.searchParams.get('details') ?? 'null'),
  };
}

/** Steps 11–13: the code exchange; answers status and JSON. */
export async function exchange(
  api: string,
  keys: ProjectKeys,
  input: { code: string; verifier: string; redirectUri?: string },
): Promise<{ status: number; json: any }> {
  const response = await fetch(`${api}/api/v1/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri ?? APP_CALLBACK,
      code_verifier: input.verifier,
      client_id: keys.projectId,
      client_secret: keys.publishableClientKey,
    }).toString(),
  });
  return { status: response.status, json: await response.json() };
}

/** A whole sign-in through the development identity provider; resolves the token answer. */
export async function devSignIn(
  api: string,
  keys: ProjectKeys,
  provider: string,
  user: DevUser,
  extra: Record<string, string> = {},
): Promise<{ status: number; json: any }> {
  const start = outerStart();
  const { providerUrl, cookie } = await authorize(authorizeUrl(api, keys, provider, start, extra));
  const back = await callback(await devProviderLogin(providerUrl, user), cookie);
  return exchange(api, keys, { code: appCode(back, start), verifier: start.verifier });
}

/** A browser navigation to `url` (with `cookie`, if any) that does not follow redirects, read raw. */
export async function navigate(url: string, cookie?: string): Promise<RawResponse> {
  return readRaw(await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} }));
}

/** A form POST to the token endpoint, read raw (for expectKnownError). */
export async function tokenRequest(api: string, form: Record<string, string>): Promise<RawResponse> {
  return readRaw(
    await fetch(`${api}/api/v1/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    }),
  );
}
