/** The routes of `features/passkey/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { deletePasskeyRoute, renamePasskeyRoute } from './[passkey_id].js';
import { listPasskeysRoute } from './index.js';
import { initiatePasskeyAuthenticationRoute } from './initiate-passkey-authentication.js';
import { initiatePasskeyRegistrationRoute } from './initiate-passkey-registration.js';
import { registerPasskeyRoute } from './register.js';
import { passkeySignInRoute } from './sign-in.js';

/** Every endpoint of this feature. */
export const passkeyRoutes: readonly RouteSpec[] = [
  initiatePasskeyRegistrationRoute,
  registerPasskeyRoute,
  initiatePasskeyAuthenticationRoute,
  passkeySignInRoute,
  listPasskeysRoute,
  renamePasskeyRoute,
  deletePasskeyRoute,
];
