/**
 * A signet server for the bench, with one signed-up user and the development identity provider;
 * prints its URL, keys and tokens. It runs the build the bench made of the server
 * (`SIGNET_BENCH_SERVER_ENTRY`, see ../lib/built-server), as the published package runs; the
 * sources when run by hand without one.
 */
import type * as Server from '../../server/src/index.js';
import { databaseArg, readySignet } from './child.js';

const entry =
  process.env.SIGNET_BENCH_SERVER_ENTRY ?? new URL('../../server/src/index.ts', import.meta.url).href;
const { createSignetServer } = (await import(entry)) as typeof Server;
const server = await createSignetServer({ database: databaseArg() });
const { url } = await server.listen(0);
// Shared OAuth keys (the seeded project's GitHub) sign in through it: the OAuth round-trip figure.
await server.listenDevIdentityProvider(0);
await readySignet(url, server.seeded.dev);
