/** Bare Hono's route, the baseline of the request-path targets: one `GET /api/v1` answering text. */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/** Serves bare Hono's route on a free loopback port; resolves with its URL. */
export function serveBareHono(): Promise<string> {
  const app = new Hono();
  app.get('/api/v1', (c) => c.text('Welcome'));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve(`http://127.0.0.1:${info.port}`);
    });
    process.on('SIGTERM', () => server.close());
  });
}
