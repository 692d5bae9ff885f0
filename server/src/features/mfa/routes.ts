/** The routes of `features/mfa/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { mfaDisableRoute } from './disable.js';
import { recoveryCodesRoute } from './recovery-codes.js';
import { mfaSignInRoute } from './sign-in.js';

/** Every endpoint of this feature. */
export const mfaRoutes: readonly RouteSpec[] = [mfaSignInRoute, recoveryCodesRoute, mfaDisableRoute];
