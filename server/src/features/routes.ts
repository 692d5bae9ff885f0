/** Every endpoint the server answers, in one list. */
import type { RouteSpec } from '../http/route.js';
import { jwksRoute } from './jwks.js';
import { signInRoute } from './password/sign-in.js';
import { signUpRoute } from './password/sign-up.js';
import { updatePasswordRoute } from './password/update.js';
import { getCurrentProjectRoute } from './projects/current.js';
import { updateCurrentProjectRoute } from './projects/update-current.js';
import { createSessionRoute } from './sessions/create.js';
import { refreshCurrentRoute, signOutRoute } from './sessions/current.js';
import { oauthTokenRoute } from './sessions/refresh-token-grant.js';
import { deleteMeRoute, getMeRoute, patchMeRoute } from './users/me.js';
import { welcomeRoute } from './welcome.js';

/** The routes of this version of the API. */
export const ROUTES: readonly RouteSpec[] = [
  welcomeRoute,
  jwksRoute,
  signUpRoute,
  signInRoute,
  updatePasswordRoute,
  oauthTokenRoute,
  createSessionRoute,
  signOutRoute,
  refreshCurrentRoute,
  getMeRoute,
  patchMeRoute,
  deleteMeRoute,
  getCurrentProjectRoute,
  updateCurrentProjectRoute,
];
