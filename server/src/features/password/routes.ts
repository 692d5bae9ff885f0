/** The routes of `features/password/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { resetCheckCodeRoute, resetPasswordRoute } from './reset.js';
import { sendResetCodeRoute } from './send-reset-code.js';
import { setPasswordRoute } from './set.js';
import { signInRoute } from './sign-in.js';
import { signUpRoute } from './sign-up.js';
import { updatePasswordRoute } from './update.js';

/** Every endpoint of this feature. */
export const passwordRoutes: readonly RouteSpec[] = [
  resetPasswordRoute,
  resetCheckCodeRoute,
  sendResetCodeRoute,
  setPasswordRoute,
  signInRoute,
  signUpRoute,
  updatePasswordRoute,
];
