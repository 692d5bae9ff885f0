/**
 * Bare Hono's route served from a process that also runs signet as the bench runs it (its
 * database, the bench user's sign-up, the development identity provider), with Hono and the Node
 * adapter from node_modules rather than the copies bundled in the build of signet the bench runs,
 * so that the two share only Node's own code. It shows what a real server's process costs a route
 * that is not signet's: the state Node's shared HTTP, stream and event code reaches once a process
 * has served more than one route (the fifteenth round in docs/benchmarks.md). For the record only: the adapter that listens last
 * takes over the global `Response`, so signet's own answers in this process take their adapter's
 * slow path and are not measured here.
 */
import { serveBareHono } from './bare-hono-app.js';
import { startBenchSignet } from './bench-signet.js';
import { ready, signUpBenchUser } from './child.js';

const { server, url } = await startBenchSignet();
await signUpBenchUser(url, server.seeded.dev);
ready({ url: await serveBareHono() });
