/** The routes of `features/users/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { deleteUserRoute, getUserRoute, updateUserRoute } from './[user_id].js';
import { createUserRoute, listUsersRoute } from './index.js';
import { deleteMeRoute, getMeRoute, patchMeRoute } from './me.js';

/** Every endpoint of this feature. */
export const usersRoutes: readonly RouteSpec[] = [
  getUserRoute,
  updateUserRoute,
  deleteUserRoute,
  listUsersRoute,
  createUserRoute,
  getMeRoute,
  patchMeRoute,
  deleteMeRoute,
];
