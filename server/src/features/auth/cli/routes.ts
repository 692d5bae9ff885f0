/** The routes of `features/auth/cli/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../../http/route.js';
import { completeCliAttemptRoute } from './complete.js';
import { createCliAttemptRoute } from './index.js';
import { pollCliAttemptRoute } from './poll.js';

/** Every endpoint of the command-line login. */
export const cliAuthRoutes: readonly RouteSpec[] = [
  createCliAttemptRoute,
  pollCliAttemptRoute,
  completeCliAttemptRoute,
];
