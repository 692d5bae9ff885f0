/**
 * The totp plugin against the real server: a user enrols (a wrong code saves nothing), makes
 * recovery codes, and every later password sign-in waits for the second factor until `verify`
 * gets the current code or a recovery code. Kit and server share one injected clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { password } from '../../plugins/password/index.js';
import { totp } from '../../plugins/totp/index.js';
import { totpAt } from '../../plugins/totp/totp-code.js';
import { backends } from '../support/server.js';

describe.each(backends())('totp plugin on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  let clock = Date.UTC(2026, 10, 24, 14, 0, 3);
  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
  });
  afterAll(async () => {
    await running?.close();
  });

  const makeApp = () =>
    createApp({
      projectId: running.server.seeded.dev.projectId,
      publishableClientKey: running.server.seeded.dev.publishableClientKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      env: { now: () => clock, currentUrl: () => 'http://localhost:5173/' },
      plugins: [password(), totp()],
    });

  it('enrols, then asks every password sign-in for the current code or a recovery code', async () => {
    const app = makeApp();
    const email = `totp-${Date.now()}@example.com`;
    expect((await app.password.signUp({ email, password: 'totp password 1', noRedirect: true })).status).toBe(
      'ok',
    );
    await app.ready();

    const enrollment = app.totp.createEnrollment();
    expect(enrollment.secret).toHaveLength(20);
    expect(enrollment.manualKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrollment.uri).toMatch(/^otpauth:\/\/totp\/Development%20project:/);
    expect(enrollment.uri).toContain(`secret=${enrollment.manualKey}`);
    const wrong = await app.totp.enable(enrollment, '000000');
    expect(wrong.status === 'error' && wrong.error.code).toBe('INVALID_TOTP_CODE');
    expect(app.user.value?.isMultiFactorRequired).toBe(false);
    const enabled = await app.totp.enable(enrollment, await totpAt(enrollment.secret, clock));
    expect(enabled.status).toBe('ok');
    expect(app.user.value?.isMultiFactorRequired).toBe(true);
    const recovery = await app.totp.createRecoveryCodes();
    expect(recovery).toHaveLength(10);

    await app.signOut();
    const first = await app.password.signIn({ email, password: 'totp password 1', noRedirect: true });
    expect(first.status).toBe('second-factor-required');
    expect(app.pendingSignIn.value).not.toBeNull();
    const bad = await app.totp.verify('123456');
    expect(bad.status === 'error' && bad.error.code).toBe('INVALID_TOTP_CODE');
    const empty = await app.totp.verify('');
    expect(empty.status === 'error' && empty.error.code).toBe('INVALID_TOTP_CODE');
    clock += 30_000;
    const ok = await app.totp.verify(await totpAt(enrollment.secret, clock));
    expect(ok.status).toBe('ok');
    expect(app.pendingSignIn.value).toBeNull();
    expect(app.user.value?.primaryEmail).toBe(email);

    await app.signOut();
    await app.password.signIn({ email, password: 'totp password 1', noRedirect: true });
    expect((await app.totp.verify(recovery[0]!)).status).toBe('ok');

    const wrongOff = await app.totp.disable('000000');
    expect(wrongOff.status === 'error' && wrongOff.error.code).toBe('INVALID_TOTP_CODE');
    expect(app.user.value?.isMultiFactorRequired).toBe(true);
    clock += 30_000;
    expect((await app.totp.disable(await totpAt(enrollment.secret, clock))).status).toBe('ok');
    expect(app.user.value?.isMultiFactorRequired).toBe(false);
    await app.signOut();
    expect((await app.password.signIn({ email, password: 'totp password 1', noRedirect: true })).status).toBe(
      'ok',
    );
  });

  it('says plainly when nothing waits for a second factor', () => {
    expect(() => makeApp().totp.verify('123456')).toThrow('no sign-in is waiting for a second factor');
  });
});
