import { describe, expect, expectTypeOf, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { definePlugin } from '../../core/plugin.js';
import { password } from '../../plugins/password/index.js';

const base = {
  projectId: 'p',
  baseUrl: 'http://127.0.0.1:1',
  tokenStore: 'memory' as const,
  redirectMethod: 'none' as const,
};

describe('plugin namespaces', () => {
  it('an app without the password plugin has no app.password, in types or at run time', () => {
    const app = createApp(base);
    expect('password' in app).toBe(false);
    expect((app as unknown as Record<string, unknown>).password).toBeUndefined();
    // @ts-expect-error: the namespace does not exist without the plugin.
    app.password;
  });

  it('an app with the plugin has its namespace and typed calls', () => {
    const app = createApp({ ...base, plugins: [password()] });
    expect(typeof app.password.signIn).toBe('function');
    expectTypeOf(app.password.signUp).toBeFunction();
    expect(app.plugins).toEqual(['password']);
  });

  it('maps any plugin tuple to its namespaces and refuses duplicate ids', () => {
    const hello = definePlugin({ id: 'hello', setup: (ctx) => ({ project: () => ctx.projectId }) });
    const app = createApp({ ...base, plugins: [password(), hello] });
    expect(app.hello.project()).toBe('p');
    expectTypeOf(app.hello.project).returns.toEqualTypeOf<string>();
    expect(() => createApp({ ...base, plugins: [hello, hello] })).toThrow(
      'plugin id "hello" of plugin "hello" is already taken by hello',
    );
    const clash = definePlugin({ id: 'user', setup: () => ({}) });
    expect(() => createApp({ ...base, plugins: [clash] })).toThrow(
      'plugin id "user" is already taken by the core',
    );
  });

  it('does no I/O on creation and starts signed-out-unknown', () => {
    let called = false;
    const app = createApp({
      ...base,
      fetch: async () => {
        called = true;
        return new Response();
      },
    });
    expect(app.status.value).toBe('loading');
    expect(app.user.value).toBeNull();
    expect(called).toBe(false);
  });

  it('refuses a cookie token store outside a browser with a clear error', () => {
    expect(() => createApp({ ...base, tokenStore: 'cookie' })).toThrow(/only works in a browser/);
  });
});
