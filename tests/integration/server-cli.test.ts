/** The `signet-server` CLI: starts, prints the URL and dev keys, serves, stops on SIGTERM. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../server/bin/signet-server.mjs', import.meta.url));

it('signet-server prints its URL and the dev project keys, serves, and exits cleanly on SIGTERM', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'signet-cli-'));
  const devId = '0c2a8a8e-3b7c-4f55-9d3e-7a1b2c3d4e5f';
  const child = spawn(
    process.execPath,
    [BIN, '--port', '0', '--mailbox-port', '0', '--dev-oauth-port', '0', '--data-dir', dataDir],
    {
      env: { ...process.env, DATABASE_URL: '', SIGNET_SEED_DEV_PROJECT_ID: devId },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 30 s: ${out}`)), 30_000);
      child.stdout.on('data', () => {
        if (out.includes('super secret admin key')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
    });
    const url = out.match(/listening on (http:\/\/\S+)/)?.[1];
    expect(url).toBeTruthy();
    expect(out).toContain(`project id:             ${devId}`);
    expect(out).toMatch(/publishable client key: pck_[0-9a-z]{45}/);
    const response = await fetch(`${url}/api/v1`);
    expect(response.status).toBe(200);
    const outbox = out.match(/development outbox \(Inbucket REST v1\): (http:\/\/\S+?)\/api/)?.[1];
    // The outbox answers without a credential: by default only this machine can reach it, and the
    // server says what it serves.
    expect(outbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(out).toContain('for development only: no credential, this machine only');
    expect(out).toContain('never of projects with their own SMTP server or in production mode');
    const mailbox = await fetch(`${outbox}/api/v1/mailbox/nobody`);
    expect(await mailbox.json()).toEqual([]);
    // The development identity provider behind the shared OAuth keys: loopback only, said so.
    const devOAuth = out.match(/development identity provider \(OAuth shared keys\): (http:\/\/\S+?),/)?.[1];
    expect(devOAuth).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(out).toContain('this machine only; never used in production mode');
    // It answers, and knows no client but signet itself.
    const page = await fetch(`${devOAuth}/github/authorize?client_id=someone-else&response_type=code`);
    expect(page.status).toBe(400);
    expect(await page.text()).toBe('Unknown client_id');

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
});

it('signet-server refuses an unknown SIGNET_RATE_LIMITS before opening any database', async () => {
  const child = spawn(
    process.execPath,
    [BIN, '--port', '0', '--mailbox-port', '0', '--dev-oauth-port', '0'],
    {
      env: { ...process.env, SIGNET_RATE_LIMITS: 'sometimes', DATABASE_URL: 'postgres://127.0.0.1:1/none' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let err = '';
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(1);
  expect(err).toContain('SIGNET_RATE_LIMITS must be one of production, always, off, got sometimes');
});
