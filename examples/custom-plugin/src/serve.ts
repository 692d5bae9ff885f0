/**
 * Runs the ticket backend on its own, as `npm start` does beside the example app: everything it
 * needs comes from the environment (SIGNET_API_URL, SIGNET_PROJECT_ID, the project's publishable
 * and secret keys, TICKETS_PORT, TICKETS_ALLOW_ORIGIN).
 */
import { startTicketBackend } from './backend.js';

const need = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set`);
  return value;
};

const backend = await startTicketBackend({
  signetUrl: need('SIGNET_API_URL'),
  projectId: need('SIGNET_PROJECT_ID'),
  publishableClientKey: need('SIGNET_PUBLISHABLE_CLIENT_KEY'),
  secretServerKey: need('SIGNET_SECRET_SERVER_KEY'),
  allowOrigin: process.env.TICKETS_ALLOW_ORIGIN,
  port: Number(process.env.TICKETS_PORT ?? 8106),
});
console.log(`ticket backend listening on ${backend.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void backend.close().then(() => process.exit(0));
  });
}
