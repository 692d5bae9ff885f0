/**
 * What the types promise a host app and a plugin author, checked by the compiler: namespaces only
 * for registered plugins, plugin URLs only with their plugin, a plugin's own error codes narrowing
 * its results, server plugins refused on client apps, string-literal plugin ids.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { createApp, definePlugin, type Result, type SignetError, toResult } from '../../core/index.js';
import { magicLink } from '../../plugins/magic-link/index.js';
import { password } from '../../plugins/password/index.js';
import { serverSessions } from '../../plugins/server-sessions/index.js';

const base = { projectId: 'p', baseUrl: 'http://127.0.0.1:1', tokenStore: 'memory' as const };

describe('plugin types', () => {
  it('gives an app the namespaces of its plugins and no others', () => {
    const app = createApp({ ...base, plugins: [password()] });
    expectTypeOf(app.password.signIn).toBeFunction();
    // @ts-expect-error: no magic-link plugin, no app.magicLink.
    app.magicLink;
    const bare = createApp(base);
    // @ts-expect-error: no plugins, no namespaces.
    bare.password;
  });

  it('types app.urls with the pages of the registered plugins only', () => {
    const app = createApp({ ...base, plugins: [magicLink()] });
    expectTypeOf(app.urls.magicLinkCallback).toEqualTypeOf<string>();
    expectTypeOf(app.urls.signIn).toEqualTypeOf<string>();
    const other = createApp({ ...base, plugins: [password()] });
    // @ts-expect-error: the magic-link page belongs to a plugin this app does not have.
    other.urls.magicLinkCallback;
  });

  it('narrows a plugin’s own error codes in its results', async () => {
    const ticket = definePlugin({
      id: 'ticket',
      errorCodes: ['TICKET_EXPIRED', 'TICKET_UNKNOWN'],
      setup: (ctx) => ({
        redeem: (): Promise<Result<{ ok: true }, 'TICKET_EXPIRED' | 'TICKET_UNKNOWN'>> =>
          toResult(
            () => ctx.http.request('/tickets', { method: 'POST' }),
            ['TICKET_EXPIRED', 'TICKET_UNKNOWN'],
          ),
      }),
    });
    const app = createApp({ ...base, plugins: [ticket] });
    const result = await app.ticket.redeem();
    if (result.status === 'error') {
      expectTypeOf(result.error).toEqualTypeOf<SignetError<'TICKET_EXPIRED' | 'TICKET_UNKNOWN'>>();
      expectTypeOf(result.error.code).toEqualTypeOf<'TICKET_EXPIRED' | 'TICKET_UNKNOWN'>();
      // @ts-expect-error: a code the call does not declare is no case to handle.
      result.error.code === 'EMAIL_PASSWORD_MISMATCH';
    } else {
      expectTypeOf(result.data).toEqualTypeOf<{ ok: true }>();
    }
  });

  it('refuses a server plugin on a client app and takes it on a server or admin app', () => {
    // @ts-expect-error: serverSessions needs server access; this app has a publishable key only.
    createApp({ ...base, publishableClientKey: 'pck', plugins: [serverSessions()] });
    const server = createApp({ ...base, secretServerKey: 'ssk', plugins: [serverSessions()] });
    expectTypeOf(server.serverSessions.list).toBeFunction();
    const admin = createApp({ ...base, superSecretAdminKey: 'sak', plugins: [serverSessions(), password()] });
    expectTypeOf(admin.serverSessions.create).toBeFunction();
  });

  it('refuses plugin ids the types cannot name', () => {
    const id: string = 'dynamic';
    // @ts-expect-error: a plugin id must be a string literal.
    definePlugin({ id, setup: () => ({}) });
    definePlugin({ id: 'literal', setup: () => ({}) });
  });
});
