/**
 * A signet server for the bench, with one signed-up user and the development identity provider;
 * prints its URL, keys and tokens.
 */
import { createSignetServer } from '../../server/src/index.js';
import { databaseArg, readySignet } from './child.js';

const server = await createSignetServer({ database: databaseArg() });
const { url } = await server.listen(0);
// Shared OAuth keys (the seeded project's GitHub) sign in through it: the OAuth round-trip figure.
await server.listenDevIdentityProvider(0);
await readySignet(url, server.seeded.dev);
