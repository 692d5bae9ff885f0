/**
 * The console as signet-server serves it: its files from a build folder with page headers and no
 * API or CORS headers, deep links answered with the app shell, nothing outside the folder, and the
 * internal project's public facts at /console/config.json. And the development project's first
 * owner: on a server seeded for `npm start`, the first console account owns it — exactly one, even
 * when two sign up at once — and on any other server nobody is handed it.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerAdminHeaders, signUpOwner } from '../support/owner.js';
import { raw } from '../support/raw-api.js';
import { rawRequest } from '../support/raw-socket.js';
import { backends, type RunningServer } from '../support/server.js';

const INDEX = '<!doctype html><title>console</title><div id="root"></div>';

let buildDir: string;
beforeAll(async () => {
  buildDir = await mkdtemp(join(tmpdir(), 'signet-console-'));
  await mkdir(join(buildDir, 'assets'));
  await writeFile(join(buildDir, 'index.html'), INDEX);
  await writeFile(join(buildDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // A file beside the build that must never be served.
  await writeFile(join(buildDir, '..', 'signet-console-secret.txt'), 'secret');
});
afterAll(async () => {
  await rm(buildDir, { recursive: true, force: true });
  await rm(join(buildDir, '..', 'signet-console-secret.txt'), { force: true });
});

describe.each(backends())('the console files ($name)', (backend) => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await backend.create({ console: { dir: buildDir } });
  });
  afterAll(() => running.close());

  it('serves the app shell for every page path, with page headers and no API or CORS headers', async () => {
    for (const path of ['/console/', '/console/projects', '/console/projects/x/users/y']) {
      const response = await fetch(`${running.url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(INDEX);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('x-stack-request-id')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('redirects /console to /console/ and caches built assets for good', async () => {
    const bare = await fetch(`${running.url}/console`, { redirect: 'manual' });
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('/console/');
    const asset = await fetch(`${running.url}/console/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${running.url}/console/assets/missing.js`)).status).toBe(404);
  });

  it('tells the console the internal project and its publishable key, nothing secret', async () => {
    const response = await fetch(`${running.url}/console/config.json`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const config = await response.json();
    expect(config).toEqual({
      projectId: 'internal',
      publishableClientKey: running.server.seeded.internal.publishableClientKey,
    });
    expect(JSON.stringify(config)).not.toContain(running.server.seeded.internal.secretServerKey);
  });

  it('never serves a file outside its folder, however the path is written', async () => {
    for (const path of [
      '/console/../signet-console-secret.txt',
      '/console/%2e%2e/signet-console-secret.txt',
      '/console/..%2Fsignet-console-secret.txt',
      '/console/assets/..%2F..%2Fsignet-console-secret.txt',
      '/console/%2e%2e%2f%2e%2e%2fpackage.json',
    ]) {
      const response = await fetch(`${running.url}${path}`);
      expect(await response.text(), path).not.toBe('secret');
      expect(response.status, path).not.toBe(500);
    }
  });

  it('takes a request line to the console or the API by the path its URL resolves to', async () => {
    const toConsole = await rawRequest(running.url, ['GET /api/v1/../../console/projects HTTP/1.1']);
    expect(toConsole.status).toBe(200);
    expect(toConsole.body).toBe(INDEX);
    expect(toConsole.head).not.toMatch(/x-stack-request-id/i);
    const toApi = await rawRequest(running.url, ['GET /console/../api/v1 HTTP/1.1']);
    expect(toApi.status).toBe(200);
    expect(toApi.body).not.toBe(INDEX);
    expect(toApi.head).toMatch(/x-stack-request-id: [0-9a-z]{16}/i);
  });

  it('answers hostile paths and methods in words, never a 500', async () => {
    const bad = await fetch(`${running.url}/console/%E0%A4%A`);
    expect(bad.status).toBe(400);
    const nul = await fetch(`${running.url}/console/assets/%00.js`);
    expect(nul.status).toBe(404);
    const surrogate = await fetch(`${running.url}/console/%ED%A0%80.js`);
    expect([400, 404]).toContain(surrogate.status);
    const long = await fetch(`${running.url}/console/${'a'.repeat(70_000)}.js`);
    expect(long.status).toBeLessThan(500);
    const post = await fetch(`${running.url}/console/projects`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    const head = await fetch(`${running.url}/console/projects`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('leaves the API as it was', async () => {
    const response = await fetch(`${running.url}/api/v1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-stack-request-id')).not.toBeNull();
  });
});

describe.each(backends())('a server without a console build ($name)', (backend) => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await backend.create({ console: { dir: join(buildDir, 'nothing-here') } });
  });
  afterAll(() => running.close());

  it('says how to build it', async () => {
    const response = await fetch(`${running.url}/console/projects`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build -w server');
  });
});

/** Whether `owner` may act as admin of `projectId`. */
async function manages(url: string, owner: { accessToken: string }, projectId: string): Promise<boolean> {
  const response = await fetch(`${url}/api/v1/projects/current`, {
    headers: ownerAdminHeaders(owner as never, projectId),
  });
  return response.status === 200;
}

describe.each(backends())('the development project’s first owner ($name)', (backend) => {
  it('goes to the first console account only, on a server seeded for npm start', async () => {
    const running = await backend.create({ seed: { dev: { ownedByFirstSignUp: true } } });
    try {
      const { internal, dev } = running.server.seeded;
      const first = await signUpOwner(running.url, internal);
      const second = await signUpOwner(running.url, internal);
      expect(await manages(running.url, first, dev.projectId)).toBe(true);
      expect(await manages(running.url, second, dev.projectId)).toBe(false);
      // And the owner sees it among their projects.
      const list = await raw(running.url, '/internal/projects', {
        keys: internal,
        accessToken: first.accessToken,
      });
      expect((list.json as { items: { id: string }[] }).items.map((p) => p.id)).toContain(dev.projectId);
    } finally {
      await running.close();
    }
  });

  it('goes to exactly one of two accounts made at the same moment', async () => {
    const running = await backend.create({ seed: { dev: { ownedByFirstSignUp: true } } });
    try {
      const { internal, dev } = running.server.seeded;
      const owners = await Promise.all([
        signUpOwner(running.url, internal),
        signUpOwner(running.url, internal),
      ]);
      const managing = await Promise.all(owners.map((owner) => manages(running.url, owner, dev.projectId)));
      expect(managing.filter(Boolean)).toHaveLength(1);
    } finally {
      await running.close();
    }
  });

  it('is nobody on a server not seeded for it', async () => {
    const running = await backend.create();
    try {
      const { internal, dev } = running.server.seeded;
      const first = await signUpOwner(running.url, internal);
      expect(await manages(running.url, first, dev.projectId)).toBe(false);
    } finally {
      await running.close();
    }
  });
});
