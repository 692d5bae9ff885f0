/** Every endpoint the server answers, in one list. */
import type { RouteSpec } from '../http/route.js';
import { checkFeatureSupportRoute } from './check-feature-support.js';
import {
  deleteContactChannelRoute,
  getContactChannelRoute,
  patchContactChannelRoute,
} from './contact-channels/item.js';
import { createContactChannelRoute, listContactChannelsRoute } from './contact-channels/list-create.js';
import {
  sendChannelVerificationRoute,
  sendPrimaryVerificationRoute,
  verifyChannelRoute,
  verifyCheckCodeRoute,
} from './contact-channels/verification.js';
import {
  deleteEmailTemplateRoute,
  getEmailTemplateRoute,
  listEmailTemplatesRoute,
  patchEmailTemplateRoute,
} from './email-templates/routes.js';
import { getApiKeyRoute, updateApiKeyRoute } from './internal/api-keys/item.js';
import { createApiKeyRoute, listApiKeysRoute } from './internal/api-keys/list-create.js';
import { listSentEmailsRoute } from './internal/emails.js';
import { metricsRoute } from './internal/metrics.js';
import { createOwnedProjectRoute, listOwnedProjectsRoute } from './internal/projects.js';
import { sendTestEmailRoute } from './internal/send-test-email.js';
import { jwksRoute } from './jwks.js';
import { sendSignInCodeRoute } from './otp/send-sign-in-code.js';
import { otpCheckCodeRoute, otpSignInRoute } from './otp/sign-in.js';
import { resetCheckCodeRoute, resetPasswordRoute } from './password/reset.js';
import { sendResetCodeRoute } from './password/send-reset-code.js';
import { setPasswordRoute } from './password/set.js';
import { signInRoute } from './password/sign-in.js';
import { signUpRoute } from './password/sign-up.js';
import { updatePasswordRoute } from './password/update.js';
import { getCurrentProjectRoute } from './projects/current.js';
import { deleteCurrentProjectRoute } from './projects/delete-current.js';
import { updateCurrentProjectRoute } from './projects/update-current.js';
import { createSessionRoute } from './sessions/create.js';
import { refreshCurrentRoute, signOutRoute } from './sessions/current.js';
import { oauthTokenRoute } from './sessions/refresh-token-grant.js';
import { deleteSessionRoute, listSessionsRoute } from './sessions/user-sessions.js';
import { deleteUserRoute, getUserRoute, updateUserRoute } from './users/item.js';
import { createUserRoute, listUsersRoute } from './users/list-create.js';
import { deleteMeRoute, getMeRoute, patchMeRoute } from './users/me.js';
import { svixTokenRoute } from './webhooks/svix-token.js';
import { welcomeRoute } from './welcome.js';

/** The routes of this version of the API. */
export const ROUTES: readonly RouteSpec[] = [
  welcomeRoute,
  jwksRoute,
  signUpRoute,
  signInRoute,
  updatePasswordRoute,
  sendResetCodeRoute,
  resetPasswordRoute,
  resetCheckCodeRoute,
  setPasswordRoute,
  sendSignInCodeRoute,
  otpSignInRoute,
  otpCheckCodeRoute,
  // The fixed contact-channel paths come before the `/{user_id}/{id}` ones.
  sendPrimaryVerificationRoute,
  verifyChannelRoute,
  verifyCheckCodeRoute,
  listContactChannelsRoute,
  createContactChannelRoute,
  getContactChannelRoute,
  patchContactChannelRoute,
  deleteContactChannelRoute,
  sendChannelVerificationRoute,
  listEmailTemplatesRoute,
  getEmailTemplateRoute,
  patchEmailTemplateRoute,
  deleteEmailTemplateRoute,
  listSentEmailsRoute,
  sendTestEmailRoute,
  oauthTokenRoute,
  createSessionRoute,
  listSessionsRoute,
  // `/auth/sessions/current` comes before `/auth/sessions/{id}`.
  signOutRoute,
  refreshCurrentRoute,
  deleteSessionRoute,
  // `/users/me` comes before `/users/{user_id}`.
  getMeRoute,
  patchMeRoute,
  deleteMeRoute,
  listUsersRoute,
  createUserRoute,
  getUserRoute,
  updateUserRoute,
  deleteUserRoute,
  getCurrentProjectRoute,
  updateCurrentProjectRoute,
  deleteCurrentProjectRoute,
  listOwnedProjectsRoute,
  createOwnedProjectRoute,
  listApiKeysRoute,
  createApiKeyRoute,
  getApiKeyRoute,
  updateApiKeyRoute,
  metricsRoute,
  svixTokenRoute,
  checkFeatureSupportRoute,
];
