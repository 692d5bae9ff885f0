/**
 * The authorization-code grant (wire.md §6.6 steps 11–13): a form POST to the OAuth token endpoint
 * with no X-Stack headers, as OAuth clients send it, answering with real status codes.
 */
import { decodeError, type HttpClient } from '../../core/index.js';
import type { SignInResponseJson } from '../../wire/index.js';

/** What the grant sends besides the code. */
export interface CodeGrantInput {
  code: string;
  /** Exactly the `redirect_uri` of the authorize request. */
  redirectUri: string;
  codeVerifier: string;
  projectId: string;
  publishableClientKey: string;
}

/** The token answer as the one sign-in step reads it. */
export type CodeGrantAnswer = SignInResponseJson & { after_callback_redirect_url: string | null };

/** The user id (`sub`) of an access token; the token answer has no `user_id` of its own. */
function subjectOf(accessToken: string): string {
  try {
    const payload = accessToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const { sub } = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(atob(payload), (c) => c.charCodeAt(0))),
    );
    return typeof sub === 'string' ? sub : '';
  } catch {
    return '';
  }
}

/**
 * Exchanges the code for tokens. A known error (an invalid code, a second factor required) is
 * thrown as the `SignetError` it is; any other failure as the status error it is.
 */
export async function exchangeCode(http: HttpClient, input: CodeGrantInput): Promise<CodeGrantAnswer> {
  const response = await http.fetch(http.url('/auth/oauth/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
      client_id: input.projectId,
      client_secret: input.publishableClientKey,
    }).toString(),
    credentials: 'omit',
    cache: 'no-store',
  });
  const text = await response.text();
  const error = decodeError(response, response.status, text);
  if (error) throw error;
  const body = JSON.parse(text) as {
    access_token: string;
    refresh_token: string;
    user_id?: string;
    is_new_user?: boolean;
    after_callback_redirect_url?: string | null;
  };
  return {
    access_token: body.access_token,
    refresh_token: body.refresh_token,
    user_id: body.user_id ?? subjectOf(body.access_token),
    is_new_user: body.is_new_user ?? false,
    after_callback_redirect_url: body.after_callback_redirect_url ?? null,
  };
}
