/** The routes of `features/contact-channels/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { sendChannelVerificationRoute } from './[user_id]/[contact_channel_id]/send-verification-code.js';
import {
  deleteContactChannelRoute,
  getContactChannelRoute,
  patchContactChannelRoute,
} from './[user_id]/[contact_channel_id].js';
import { createContactChannelRoute, listContactChannelsRoute } from './index.js';
import { sendPrimaryVerificationRoute } from './send-verification-code.js';
import { verifyChannelRoute, verifyCheckCodeRoute } from './verify.js';

/** Every endpoint of this feature. */
export const contactChannelsRoutes: readonly RouteSpec[] = [
  getContactChannelRoute,
  patchContactChannelRoute,
  deleteContactChannelRoute,
  sendChannelVerificationRoute,
  listContactChannelsRoute,
  createContactChannelRoute,
  sendPrimaryVerificationRoute,
  verifyChannelRoute,
  verifyCheckCodeRoute,
];
