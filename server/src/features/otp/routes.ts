/** The routes of `features/otp/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { sendSignInCodeRoute } from './send-sign-in-code.js';
import { otpCheckCodeRoute, otpSignInRoute } from './sign-in.js';

/** Every endpoint of this feature. */
export const otpRoutes: readonly RouteSpec[] = [sendSignInCodeRoute, otpSignInRoute, otpCheckCodeRoute];
