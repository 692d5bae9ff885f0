/**
 * Starts signet as the bench runs it: the build the bench made of the server
 * (`SIGNET_BENCH_SERVER_ENTRY`, see ../lib/built-server), as the published package runs, or the
 * sources when run by hand without one; on the database the bench gave (see `databaseArg`), with
 * the development identity provider listening (shared OAuth keys sign in through it).
 */
import type * as Server from '../../server/src/index.js';
import { databaseArg } from './child.js';

/** The started server and the URL of its API. */
export async function startBenchSignet() {
  const entry =
    process.env.SIGNET_BENCH_SERVER_ENTRY ?? new URL('../../server/src/index.ts', import.meta.url).href;
  const { createSignetServer } = (await import(entry)) as typeof Server;
  const server = await createSignetServer({ database: databaseArg() });
  const { url } = await server.listen(0);
  await server.listenDevIdentityProvider(0);
  return { server, url };
}
