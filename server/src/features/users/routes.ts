/** The routes of `features/users/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { deleteUserRoute, getUserRoute, updateUserRoute } from './item.js';
import { createUserRoute, listUsersRoute } from './list-create.js';
import { deleteMeRoute, getMeRoute, patchMeRoute } from './me.js';

/** Every endpoint of this feature. */
export const usersRoutes: readonly RouteSpec[] = [
  deleteUserRoute,
  getUserRoute,
  updateUserRoute,
  createUserRoute,
  listUsersRoute,
  deleteMeRoute,
  getMeRoute,
  patchMeRoute,
];
