/** A bare Hono route on @hono/node-server: the ceiling signet's cheapest endpoint is compared to. */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { ready } from './child.js';

const app = new Hono();
app.get('/api/v1', (c) => c.text('Welcome'));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  ready({ url: `http://127.0.0.1:${info.port}` });
});
process.on('SIGTERM', () => server.close());
