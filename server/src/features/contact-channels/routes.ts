/** The routes of `features/contact-channels/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { deleteContactChannelRoute, getContactChannelRoute, patchContactChannelRoute } from './item.js';
import { createContactChannelRoute, listContactChannelsRoute } from './list-create.js';
import {
  sendChannelVerificationRoute,
  sendPrimaryVerificationRoute,
  verifyChannelRoute,
  verifyCheckCodeRoute,
} from './verification.js';

/** Every endpoint of this feature. */
export const contactChannelsRoutes: readonly RouteSpec[] = [
  deleteContactChannelRoute,
  getContactChannelRoute,
  patchContactChannelRoute,
  createContactChannelRoute,
  listContactChannelsRoute,
  sendChannelVerificationRoute,
  sendPrimaryVerificationRoute,
  verifyChannelRoute,
  verifyCheckCodeRoute,
];
