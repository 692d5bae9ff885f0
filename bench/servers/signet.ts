/**
 * A signet server for the bench, with one signed-up user and the development identity provider;
 * prints its URL, keys and tokens (see ./bench-signet for which build it runs).
 */
import { startBenchSignet } from './bench-signet.js';
import { readySignet } from './child.js';

const { server, url } = await startBenchSignet();
await readySignet(url, server.seeded.dev);
