/**
 * What the OAuth plugin's types promise: `app.oauth` and `app.urls.oauthCallback` only with the
 * plugin, and a callback result whose error codes are the exchange's own.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { createApp, type ReadonlySignal } from '../../core/index.js';
import { type OAuthCallbackErrorCode, oauth } from '../../plugins/oauth/index.js';
import { password } from '../../plugins/password/index.js';

const base = {
  projectId: 'p',
  publishableClientKey: 'pck',
  baseUrl: 'http://127.0.0.1:1',
  tokenStore: 'memory' as const,
};

describe('oauth plugin types', () => {
  it('adds app.oauth and its callback page, and nothing without the plugin', () => {
    const app = createApp({ ...base, plugins: [oauth()] });
    expectTypeOf(app.urls.oauthCallback).toEqualTypeOf<string>();
    expectTypeOf(app.oauth.lastUsed).toEqualTypeOf<ReadonlySignal<string | null>>();
    const other = createApp({ ...base, plugins: [password()] });
    // @ts-expect-error: no oauth plugin, no app.oauth.
    other.oauth;
    // @ts-expect-error: nor its page.
    other.urls.oauthCallback;
  });

  it('narrows a callback result to the exchange’s error codes', async () => {
    const app = createApp({ ...base, plugins: [oauth()] });
    const result = await app.oauth.handleCallback();
    if (result.status === 'error') {
      expectTypeOf(result.error.code).toEqualTypeOf<OAuthCallbackErrorCode>();
      // @ts-expect-error: a code the exchange does not return is no case to handle.
      result.error.code === 'EMAIL_PASSWORD_MISMATCH';
    } else if (result.status === 'not-a-callback') {
      expectTypeOf(result.message).toEqualTypeOf<string>();
    } else if (result.status === 'ok') {
      expectTypeOf(result.data.userId).toEqualTypeOf<string>();
    }
  });
});
