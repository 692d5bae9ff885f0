/**
 * Every endpoint the server answers, derived from the files of this folder: each exported route of
 * every module listed in `route-index.ts` (written by `npm run routes`), and the OpenAPI document
 * of them all. Order does not matter here: the HTTP app puts fixed path segments before parameters
 * (`orderRoutes`).
 *
 * One naming rule places every route: its file is its path. `/users/:user_id` lives in
 * `users/[user_id].ts`, `/auth/mfa/sign-in` in `auth/mfa/sign-in.ts`, a path that is also a folder in
 * that folder's `index.ts` (`/users` in `users/index.ts`), the API root in `index.ts`, every method
 * of a path in one file, and a `check-code` route beside the route it checks for.
 * tests/unit/route-files.test.ts holds every route to it and the index to the files.
 */
import { isRoute, type RouteSpec } from '../http/route.js';
import { openApiRoute } from './openapi.json.js';
import { ROUTE_MODULES } from './route-index.js';

/** The routes the feature modules export, each once. */
const DECLARED: readonly RouteSpec[] = [
  ...new Set(ROUTE_MODULES.flatMap((module) => Object.values(module).filter(isRoute))),
];

/** The routes of this version of the API. */
export const ROUTES: readonly RouteSpec[] = [openApiRoute(() => ROUTES, '0.1.0'), ...DECLARED];
