/** A bare Hono route on @hono/node-server: the ceiling signet's cheapest endpoint is compared to. */
import { serveBareHono } from './bare-hono-app.js';
import { ready } from './child.js';

ready({ url: await serveBareHono() });
