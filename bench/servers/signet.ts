/** A signet server for the bench, with one signed-up user; prints its URL, keys and tokens. */
import { createSignetServer } from '../../server/src/index.js';
import { databaseArg, readySignet } from './child.js';

const server = await createSignetServer({ database: databaseArg() });
const { url } = await server.listen(0);
await readySignet(url, server.seeded.dev);
