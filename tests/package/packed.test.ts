/**
 * The packages as users get them: `npm pack` both, install the tarballs in an empty folder (with
 * React, webpack and Vite from the registry), then use them there — `npx signet-server` serves (the console too)
 * and signs a user up; webpack and Vite builds of a page that imports the kit keep the theme's
 * CSS; a server render with the installed `signet/react` works; one copy of
 * @preact/signals-core is installed and an app's own computed() follows the kit's user signal;
 * both packages carry their license and source maps whose sources are in the map or the package;
 * `signet/cli` imports and runs in Node.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_PACKAGES } from '../../server/scripts/build-options.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const npm = (args: string[], cwd: string) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, maxBuffer: 64 * 1024 * 1024 });

let dir: string;
/** The packed signet-server tarball. */
let serverTarball: string;
let server: ChildProcess | undefined;
let serverClosed: Promise<void> | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'signet-packed-'));
  const packs = join(dir, 'packs');
  await run('mkdir', ['-p', packs]);
  await npm(['pack', '--pack-destination', packs], ROOT);
  await npm(['pack', '--pack-destination', packs, '-w', 'server'], ROOT);
  const tarballs = (await readdir(packs)).map((name) => join(packs, name));
  expect(tarballs).toHaveLength(2);
  serverTarball = tarballs.find((file) => /signet-server-[^/]*\.tgz$/.test(file))!;
  const app = join(dir, 'app');
  await run('mkdir', ['-p', app]);
  await writeFile(
    join(app, 'package.json'),
    JSON.stringify({ name: 'packed-app', private: true, type: 'module' }),
  );
  await npm(
    [
      'install',
      ...tarballs,
      '@preact/signals-core@1',
      'react@19',
      'react-dom@19',
      'webpack@5',
      'webpack-cli@6',
      'css-loader@7',
      'mini-css-extract-plugin@2',
      'vite@7',
    ],
    app,
  );
}, 600_000);

/**
 * Sends `signal` to the server and waits until it has exited. npx runs the bin as its own child
 * and does not pass SIGTERM on, so the signal goes to the whole process group (the server was
 * spawned leading one); the child's streams, which the server shares, close once it is gone.
 */
async function stopServer(signal: NodeJS.Signals): Promise<void> {
  if (!server?.pid || !serverClosed) return;
  try {
    process.kill(-server.pid, signal);
  } catch {
    // The group is gone already.
  }
  await serverClosed;
}

afterAll(async () => {
  await Promise.race([stopServer('SIGTERM'), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  await stopServer('SIGKILL');
  await rm(dir, { recursive: true, force: true });
}, 30_000);

const app = () => join(dir, 'app');
/** The start of the GitHub icon's path data, to find which chunk carries it. */
const GITHUB_ICON_START = 'M12 .297c-6.63';

const PAGE = `import { createApp, computed } from 'signet';
import { oauth } from 'signet/plugins/oauth';
import { oauthScreens } from 'signet/plugins/oauth/screens';
import { passkey } from 'signet/plugins/passkey';
import { passkeyScreens } from 'signet/plugins/passkey/screens';
import { password } from 'signet/plugins/password';
import { passwordScreens } from 'signet/plugins/password/screens';
import { totp } from 'signet/plugins/totp';
import { totpScreens } from 'signet/plugins/totp/screens';
import { teams } from 'signet/plugins/teams';
import { TeamSwitcher, teamsScreens } from 'signet/plugins/teams/screens';
import { SignetProvider, SignetHandler } from 'signet/react';
import { SYSTEM_PERMISSIONS } from 'signet/wire';
import 'signet/react/theme.css';
const signet = createApp({ projectId: 'p', publishableClientKey: 'k', baseUrl: 'http://127.0.0.1:1', plugins: [password(), totp(), passkey(), oauth(), teams()] });
window.page = { signet, computed, SignetProvider, SignetHandler, passwordScreens, totpScreens, passkeyScreens, oauthScreens, teamsScreens, TeamSwitcher, SYSTEM_PERMISSIONS };
`;

describe('the packed packages', () => {
  it('install as one copy of @preact/signals-core, with no unstorage and no TypeScript at run time', async () => {
    const { stdout } = await npm(['ls', '@preact/signals-core', '--all', '--parseable'], app());
    expect(
      stdout
        .trim()
        .split('\n')
        .filter((line) => line.endsWith('@preact/signals-core')),
    ).toHaveLength(1);
    const installed = await readdir(join(app(), 'node_modules'));
    expect(installed).not.toContain('unstorage');
    expect(installed).not.toContain('tsx');
    expect(installed).not.toContain('typescript');
  });

  it('signet-server ships the packages it bundles inside, with their licenses, and does not install them', async () => {
    const root = join(app(), 'node_modules', 'signet-server');
    const notices = await readFile(join(root, 'dist', 'THIRD_PARTY_LICENSES.md'), 'utf8');
    const installed = await readdir(join(app(), 'node_modules'));
    for (const name of BUNDLED_PACKAGES) {
      expect(notices).toMatch(new RegExp(`^## ${name} \\d+\\.\\d+\\.\\d+ \\((MIT|Apache-2\\.0)\\)$`, 'm'));
      if (!name.startsWith('@')) expect(installed).not.toContain(name);
    }
    expect(notices).toContain('TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION');
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    for (const name of BUNDLED_PACKAGES) expect(Object.keys(manifest.dependencies)).not.toContain(name);
  });

  it.each(['signet', 'signet-server'])(
    '%s ships its MIT license and source maps whose sources are there',
    async (name) => {
      const root = join(app(), 'node_modules', name);
      expect(await readFile(join(root, 'LICENSE'), 'utf8')).toMatch(
        /^MIT License\s+Copyright \(c\) 2026 the signet authors/,
      );
      const maps = (await readdir(join(root, 'dist'), { recursive: true })).filter((file) =>
        file.endsWith('.map'),
      );
      expect(maps.filter((file) => file.endsWith('.js.map')).length).toBeGreaterThan(0);
      if (name === 'signet') expect(maps).toContain(join('core', 'index.d.ts.map'));
      let mapped = 0;
      for (const file of maps) {
        const map = join(root, 'dist', file);
        const { sources, sourcesContent } = JSON.parse(await readFile(map, 'utf8')) as {
          sources: string[];
          sourcesContent?: (string | null)[];
        };
        mapped += sources.length;
        for (const [i, source] of sources.entries()) {
          // Either the map carries the source, or the package has it where the map points.
          if (sourcesContent?.[i]) continue;
          const at = join(dirname(map), source);
          expect(at.startsWith(root), `${file} points outside the package: ${source}`).toBe(true);
          await expect(stat(at), `${file} → ${source}`).resolves.toBeTruthy();
        }
      }
      expect(mapped).toBeGreaterThan(0);
    },
  );

  it('`npx signet-server` serves, and a sign-up works over HTTP', async () => {
    server = spawn(
      'npx',
      [
        'signet-server',
        '--port',
        '0',
        '--mailbox-port',
        '0',
        '--dev-oauth-port',
        '0',
        '--data-dir',
        join(dir, 'data'),
      ],
      {
        cwd: app(),
        env: { ...process.env, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    const child = server;
    serverClosed = new Promise((resolve) => child.once('close', () => resolve()));
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 60 s: ${out}`)), 60_000);
      const read = (chunk: Buffer) => {
        out += chunk;
        const found = out.match(/listening on (http:\/\/\S+)/)?.[1];
        if (found && out.includes('super secret admin key')) {
          clearTimeout(timer);
          resolve(found);
        }
      };
      server?.stdout?.on('data', read);
      server?.stderr?.on('data', read);
      server?.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
    });
    expect((await fetch(`${url}/api/v1`)).status).toBe(200);
    // The console comes in the package, built: its page and the script it loads.
    const consolePage = await (await fetch(`${url}/console/projects`)).text();
    expect(consolePage).toContain('<div id="root">');
    const script = consolePage.match(/src="(\/console\/assets\/[^"]+\.js)"/)?.[1];
    expect(script, consolePage).toBeDefined();
    expect((await fetch(`${url}${script}`)).status).toBe(200);
    expect(out).toContain(`console: ${url}/console`);
    const projectId = out.match(/project id:\s+(\S+)/)?.[1];
    const key = out.match(/publishable client key:\s+(\S+)/)?.[1];
    const signUp = await fetch(`${url}/api/v1/auth/password/sign-up`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-stack-project-id': projectId ?? '',
        'x-stack-access-type': 'client',
        'x-stack-publishable-client-key': key ?? '',
      },
      body: JSON.stringify({
        email: 'packed@example.com',
        password: 'correct horse 1',
        verification_callback_url: 'http://localhost:5173/handler/email-verification',
      }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    expect((await signUp.json()).user_id).toMatch(/^[0-9a-f-]{36}$/);
    // It shuts down cleanly on SIGTERM, and then nothing answers any more.
    await stopServer('SIGTERM');
    expect(out).toContain('SIGTERM received, shutting down');
    expect(out).not.toContain('shutdown failed');
    await expect(fetch(`${url}/api/v1`)).rejects.toThrow();
  }, 120_000);

  it('webpack keeps the theme CSS and bundles the kit', async () => {
    await writeFile(join(app(), 'page.js'), PAGE);
    await writeFile(
      join(app(), 'webpack.config.cjs'),
      `const Css = require('mini-css-extract-plugin');
module.exports = {
  mode: 'production',
  entry: './page.js',
  output: { path: __dirname + '/webpack-out' },
  module: { rules: [{ test: /\\.css$/, use: [Css.loader, 'css-loader'] }] },
  plugins: [new Css()],
  performance: { hints: false },
};`,
    );
    await run('npx', ['webpack', '--config', 'webpack.config.cjs'], {
      cwd: app(),
      maxBuffer: 16 * 1024 * 1024,
    });
    const out = await readdir(join(app(), 'webpack-out'));
    const css = out.find((name) => name.endsWith('.css'));
    expect(css, out.join(', ')).toBeTruthy();
    expect(await readFile(join(app(), 'webpack-out', css!), 'utf8')).toContain('.signet-card');
    const js = await readFile(join(app(), 'webpack-out', 'main.js'), 'utf8');
    expect(js).toContain('x-stack-project-id');
    // The passkey plugin's browser half and the totp screens' QR encoder came along.
    expect(js).toContain('THIS_VALUE_WILL_BE_REPLACED.example.com');
    expect(js).toContain('Scan this QR code with your authenticator app');
    // The OAuth plugin came along, its provider icons split off as chunks of their own.
    expect(js).toContain('stack-oauth-outer-');
    expect(js).not.toContain(GITHUB_ICON_START);
    // The team screens and the wire entry (signet/wire) too.
    expect(js).toContain('Invalid Team Invitation Link');
    expect(js).toContain('Read and list the other members of the team');
    const chunks = await Promise.all(
      out
        .filter((name) => name.endsWith('.js') && name !== 'main.js')
        .map((name) => readFile(join(app(), 'webpack-out', name), 'utf8')),
    );
    expect(chunks.filter((chunk) => chunk.includes(GITHUB_ICON_START))).toHaveLength(1);
  }, 180_000);

  it('Vite keeps the theme CSS and bundles the kit', async () => {
    await writeFile(
      join(app(), 'index.html'),
      '<!doctype html><script type="module" src="/page.js"></script>',
    );
    await run('npx', ['vite', 'build', '--outDir', 'vite-out', '--logLevel', 'warn'], {
      cwd: app(),
      maxBuffer: 16 * 1024 * 1024,
    });
    const assets = await readdir(join(app(), 'vite-out', 'assets'));
    const css = assets.find((name) => name.endsWith('.css'));
    expect(css, assets.join(', ')).toBeTruthy();
    expect(await readFile(join(app(), 'vite-out', 'assets', css!), 'utf8')).toContain('.signet-card');
    // The entry chunk (index-*.js); the OAuth provider icons are chunks of their own beside it.
    const js = assets.find((name) => name.startsWith('index-') && name.endsWith('.js'));
    const bundle = await readFile(join(app(), 'vite-out', 'assets', js!), 'utf8');
    expect(bundle).toContain('x-stack-project-id');
    expect(bundle).toContain('THIS_VALUE_WILL_BE_REPLACED.example.com');
    expect(bundle).toContain('Scan this QR code with your authenticator app');
    expect(bundle).toContain('stack-oauth-outer-');
    expect(bundle).not.toContain(GITHUB_ICON_START);
    expect(bundle).toContain('Invalid Team Invitation Link');
    expect(bundle).toContain('Read and list the other members of the team');
    expect(assets.some((name) => name.startsWith('github-') && name.endsWith('.js'))).toBe(true);
  }, 180_000);

  it('signet/cli imports in Node and runs a login against a scripted API', async () => {
    await writeFile(
      join(app(), 'cli.mjs'),
      `import { CliLoginError, cliLogin, openerFor } from 'signet/cli';
let polls = 0;
const fetch = async (url) => String(url).endsWith('/auth/cli')
  ? Response.json({ polling_code: 'p', login_code: 'l', expires_at: new Date().toISOString() })
  : Response.json(++polls < 2 ? { status: 'waiting' } : { status: 'success', refresh_token: 'rt' }, { status: polls < 2 ? 200 : 201 });
const told = [];
const result = await cliLogin({ baseUrl: 'http://api.test', projectId: 'p', publishableClientKey: 'k', appUrl: 'http://app.test', pollIntervalMillis: 1, fetch, onUrl: (url) => told.push(url), open: () => {} });
console.log(JSON.stringify({ result, told, opener: openerFor('linux', 'x')[0], error: new CliLoginError('used').reason }));
`,
    );
    const { stdout } = await run(process.execPath, ['cli.mjs'], { cwd: app() });
    expect(JSON.parse(stdout)).toEqual({
      result: { refreshToken: 'rt', url: 'http://app.test/handler/cli-auth-confirm?login_code=l' },
      told: ['http://app.test/handler/cli-auth-confirm?login_code=l'],
      opener: 'xdg-open',
      error: 'used',
    });
    await expect(
      stat(join(app(), 'node_modules', 'signet', 'dist', 'cli', 'index.d.ts')),
    ).resolves.toBeTruthy();
  }, 60_000);

  it('renders on a server, and an app’s own computed() follows the kit’s user signal', async () => {
    await writeFile(
      join(app(), 'ssr.mjs'),
      `import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { computed as ownComputed } from '@preact/signals-core';
import { computed, createApp } from 'signet';
import { password } from 'signet/plugins/password';
import { passwordScreens } from 'signet/plugins/password/screens';
import { teams } from 'signet/plugins/teams';
import { TeamSwitcher, teamsScreens } from 'signet/plugins/teams/screens';
import { SignetHandler, SignetProvider } from 'signet/react';
const user = { id: 'u1', primary_email: 'u1@example.com', primary_email_verified: true, display_name: 'Ada', client_metadata: null, client_read_only_metadata: null, profile_image_url: null, signed_up_at_millis: 1, has_password: true, auth_with_email: true, oauth_providers: [], selected_team_id: null, selected_team: null, requires_totp_mfa: false, otp_auth_enabled: false, passkey_auth_enabled: false };
const project = { id: 'p', display_name: 'P', config: { sign_up_enabled: true, credential_enabled: true, magic_link_enabled: false, passkey_enabled: false, client_team_creation_enabled: false, client_user_deletion_enabled: false, enabled_oauth_providers: [] } };
const exp = Math.floor(Date.now() / 1000) + 600;
const token = ['{"alg":"none"}', JSON.stringify({ exp })].map((p) => Buffer.from(p).toString('base64url')).join('.') + '.sig';
const answer = (url, init) => init?.method === 'DELETE' ? {} : String(url).endsWith('/users/me') ? user : project;
const fetch = async (url, init) => new Response(JSON.stringify(answer(url, init)), { headers: { 'content-type': 'application/json' } });
const app = createApp({ projectId: 'p', publishableClientKey: 'k', baseUrl: 'http://api.test', fetch, plugins: [password(), teams()], tokenStore: { read: async () => ({ refreshToken: 'r', accessToken: token }), write: async () => {} } });
// One through the kit's re-export, one through the app's own import of the peer dependency.
const name = computed(() => app.user.value?.displayName ?? 'nobody');
const email = ownComputed(() => app.user.value?.primaryEmail ?? 'none');
const seen = [name.value, email.value];
await app.ready();
seen.push(name.value, email.value);
const html = renderToString(h(SignetProvider, { app, screens: [passwordScreens()] }, h(SignetHandler, { path: '/handler/sign-in' })));
// The team switcher (for a header) and the invitation page render on a server too.
const teamHtml = renderToString(h(SignetProvider, { app, screens: [teamsScreens()] }, h(TeamSwitcher), h(SignetHandler, { path: '/handler/team-invitation' })));
await app.signOut({ noRedirect: true });
seen.push(name.value, email.value);
console.log(JSON.stringify({ seen, signedIn: html.includes('You are already signed in'), teams: teamHtml.includes('Invalid Team Invitation Link') && teamHtml.includes('Loading teams') }));
`,
    );
    const { stdout } = await run(process.execPath, ['ssr.mjs'], { cwd: app() });
    expect(JSON.parse(stdout)).toEqual({
      seen: ['nobody', 'none', 'Ada', 'u1@example.com', 'nobody', 'none'],
      signedIn: true,
      teams: true,
    });
  }, 60_000);
  it("keeps signet's answers on the Node adapter's direct path beside an app's own copy of it", async () => {
    // An app with its own Hono and adapter (signet-server bundles its copies), in a folder of its
    // own so the app above keeps having neither installed.
    const honoApp = join(dir, 'hono-app');
    await run('mkdir', ['-p', honoApp]);
    await writeFile(
      join(honoApp, 'package.json'),
      JSON.stringify({ name: 'hono-app', private: true, type: 'module' }),
    );
    await npm(['install', serverTarball, 'hono@4', '@hono/node-server@2'], honoApp);
    await writeFile(
      join(honoApp, 'both.mjs'),
      `import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createSignetServer } from 'signet-server';
/** The raw answer to a GET of path, as the socket carried it. */
const raw = (base, path) => new Promise((resolve, reject) => {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname, () => socket.write(\`GET \${path} HTTP/1.1\\r\\nhost: x\\r\\nconnection: close\\r\\n\\r\\n\`));
  let answer = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk) => { answer += chunk; });
  socket.on('end', () => resolve(answer));
  socket.on('error', reject);
});
// signet starts listening first; the app's own adapter starts after it, as an app started later would.
const signet = await createSignetServer({ database: { kind: 'pglite' }, console: false });
const { url } = await signet.listen(0);
const app = new Hono();
app.get('/', (c) => c.text('the app'));
const appUrl = await new Promise((resolve) => serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(\`http://127.0.0.1:\${info.port}\`)));
console.log(JSON.stringify({ lane: await raw(url, '/api/v1'), signet: await raw(url, '/api/v1?'), app: await raw(appUrl, '/') }));
await signet.close();
process.exit(0);
`,
    );
    const { stdout } = await run(process.execPath, ['both.mjs'], { cwd: honoApp });
    const {
      lane,
      signet,
      app: appAnswer,
    } = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      lane: string;
      signet: string;
      app: string;
    };
    // An exact GET with a ready answer takes signet's fast lane, which writes it itself: signet's
    // header order and the length signet wrote.
    expect(lane).toMatch(
      /^HTTP\/1\.1 200 OK\r\ncontent-type: text\/plain; charset=utf-8\r\nx-stack-request-id: /,
    );
    expect(lane).toContain('\r\ncontent-length: ');
    expect(lane).toContain('Welcome to the Stack API endpoint!');
    // Any other request goes through the adapter. Written directly, the answer keeps signet's
    // header order and Node sets the length itself; a response of another copy's class would be
    // read back through its body stream (about three and a half times the work) and come out with
    // sorted headers and a lower-case content-length.
    expect(signet).toMatch(
      /^HTTP\/1\.1 200 OK\r\ncontent-type: text\/plain; charset=utf-8\r\nx-stack-request-id: /,
    );
    expect(signet).toContain('\r\nContent-Length: ');
    expect(signet).toContain('Welcome to the Stack API endpoint!');
    expect(appAnswer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(appAnswer.endsWith('\r\n\r\nthe app')).toBe(true);
  }, 180_000);
});
