#!/usr/bin/env node
/**
 * `npm start`: the signet server and the example app together, ready to sign up in a browser.
 *
 * Environment: SIGNET_API_PORT (8102), SIGNET_APP_PORT (5173), SIGNET_MAILBOX_PORT (8105, the
 * development outbox), SIGNET_DEV_OAUTH_PORT (8104, the development identity provider that the
 * social buttons sign in through), SIGNET_TICKETS_PORT (8106, the backend of the custom-plugin example, whose
 * sign-in tickets the app offers), SIGNET_DATA_DIR (.signet/data),
 * SIGNET_DEV_PROJECT_FILE (.signet/dev-project.json). The first run generates the development
 * project's id and keys into that file; the server seeds the project from them and the app gets
 * the public ones as VITE_* variables. The admin console is built first and served by the server at
 * /console; the first account made there owns the development project. Ctrl-C stops both; if either exits, the other is stopped
 * and this script exits non-zero.
 */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole } from './lib/build-console.mjs';
import { startChild, stopChildren, waitForHttp } from './lib/children.mjs';
import { appEnv, loadOrCreateDevProject, serverSeedEnv } from './lib/dev-project.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} name @param {number} fallback */
function portFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${name} must be a port (1-65535), got "${raw}"`);
  return port;
}

async function main() {
  const apiPort = portFromEnv('SIGNET_API_PORT', 8102);
  const appPort = portFromEnv('SIGNET_APP_PORT', 5173);
  const mailboxPort = portFromEnv('SIGNET_MAILBOX_PORT', 8105);
  const devOAuthPort = portFromEnv('SIGNET_DEV_OAUTH_PORT', 8104);
  const ticketsPort = portFromEnv('SIGNET_TICKETS_PORT', 8106);
  const dataDir = resolve(repo, process.env.SIGNET_DATA_DIR || '.signet/data');
  const projectFile = resolve(repo, process.env.SIGNET_DEV_PROJECT_FILE || '.signet/dev-project.json');
  const apiUrl = `http://localhost:${apiPort}`;
  const appUrl = `http://localhost:${appPort}`;
  const mailboxUrl = `http://localhost:${mailboxPort}`;
  const ticketsUrl = `http://127.0.0.1:${ticketsPort}`;

  // The console is served by the server from its build; a fresh build each start keeps it in step
  // with the kit's sources.
  // Beside the data folder, so two starts with their own data never share a build.
  const consoleDir = join(dirname(dataDir), 'console');
  console.log('[start] building the console');
  await buildConsole(consoleDir);

  const { project, created } = await loadOrCreateDevProject(projectFile);
  if (created) console.log(`[start] generated a development project in ${projectFile}`);

  const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
  const children = [
    startChild(
      'server',
      process.execPath,
      [
        join(repo, 'server/bin/signet-server.mjs'),
        ...['--port', String(apiPort), '--mailbox-port', String(mailboxPort), '--data-dir', dataDir],
        ...['--console-dir', consoleDir],
        ...['--dev-oauth-port', String(devOAuthPort)],
      ],
      { cwd: repo, env: { ...process.env, ...serverSeedEnv(project) } },
    ),
    // The custom-plugin example's backend: a third-party plugin and its server beside the kit.
    startChild(
      'tickets',
      process.execPath,
      ['--import', 'tsx', join(repo, 'examples/custom-plugin/src/serve.ts')],
      {
        cwd: repo,
        env: {
          ...process.env,
          SIGNET_API_URL: apiUrl,
          SIGNET_PROJECT_ID: project.projectId,
          SIGNET_PUBLISHABLE_CLIENT_KEY: project.publishableClientKey,
          SIGNET_SECRET_SERVER_KEY: project.secretServerKey,
          TICKETS_PORT: String(ticketsPort),
          TICKETS_ALLOW_ORIGIN: appUrl,
        },
      },
    ),
    startChild(
      'app',
      process.execPath,
      [viteBin, '--port', String(appPort), '--strictPort', '--clearScreen', 'false'],
      {
        cwd: join(repo, 'examples/react-vite'),
        env: { ...process.env, ...appEnv(project, apiUrl), VITE_TICKETS_URL: ticketsUrl },
      },
    ),
  ];

  let stopping = false;
  /** @param {number} code */
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    await stopChildren(children);
    process.exit(code);
  };
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => void shutdown(0));
  }
  for (const child of children) {
    child.exited.then((code) => {
      if (stopping) return;
      console.error(`[start] the ${child.name} exited (code ${code}); stopping everything`);
      void shutdown(code === 0 ? 1 : code);
    });
  }

  const anyExit = Promise.race(children.map((c) => c.exited));
  try {
    await Promise.all([
      waitForHttp(`${apiUrl}/api/v1`, { gaveUp: anyExit }),
      waitForHttp(appUrl, { gaveUp: anyExit }),
      waitForHttp(`${ticketsUrl}/`, { gaveUp: anyExit }),
    ]);
  } catch (error) {
    if (stopping) return;
    console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
    await shutdown(1);
    return;
  }
  console.log(
    [
      '',
      '  signet is running',
      `    app:        ${appUrl}   <- open this, then Sign up`,
      `    console:    ${apiUrl}/console   <- project admin: create the first owner account here`,
      `    API:        ${apiUrl}/api/v1`,
      `    emails:     ${mailboxUrl}/api/v1/mailbox/{name}   <- sign-in codes and links land here`,
      `    project id: ${project.projectId}`,
      `    data:       ${dataDir}`,
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
