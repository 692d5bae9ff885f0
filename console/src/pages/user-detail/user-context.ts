/** What every section of the user page receives: the admin app, the user, and how to replace it. */
import type { ServerUser } from 'signet/plugins/server-users';
import type { AdminApp } from '../../admin/admin-app.js';

/** Props shared by the user page's sections. */
export interface UserSectionProps {
  app: AdminApp;
  projectId: string;
  user: ServerUser;
  /** Replaces the page's user with the one an update answered. */
  onUser: (user: ServerUser) => void;
}

/** The users list's path in a project. */
export const usersPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/users`;
