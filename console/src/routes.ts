/**
 * Every console page: a path, a title and a lazily loaded module. A new page is a folder under
 * `pages/` and a line here; the sidebar of a project lists the routes that have `nav`.
 */
import type { ConsoleRoute } from './shell/page.js';

export const ROUTES: readonly ConsoleRoute[] = [
  { path: '/projects', title: 'Projects', load: () => import('./pages/projects/index.js') },
  {
    path: '/projects/:projectId',
    title: 'Overview',
    load: () => import('./pages/overview/index.js'),
    nav: { label: 'Overview', order: 0 },
  },
  {
    path: '/projects/:projectId/users',
    title: 'Users',
    load: () => import('./pages/users/index.js'),
    nav: { label: 'Users', order: 1 },
  },
  {
    path: '/projects/:projectId/users/:userId',
    title: 'User',
    load: () => import('./pages/user-detail/index.js'),
  },
  {
    path: '/projects/:projectId/teams',
    title: 'Teams',
    load: () => import('./pages/teams/index.js'),
    nav: { label: 'Teams', order: 2 },
  },
  {
    path: '/projects/:projectId/teams/:teamId',
    title: 'Team',
    load: () => import('./pages/team-detail/index.js'),
  },
  {
    path: '/projects/:projectId/sign-in-methods',
    title: 'Sign-in methods',
    load: () => import('./pages/sign-in-methods/index.js'),
    nav: { label: 'Sign-in methods', order: 3 },
  },
  {
    path: '/projects/:projectId/domains',
    title: 'Domains',
    load: () => import('./pages/domains/index.js'),
    nav: { label: 'Domains', order: 4 },
  },
  {
    path: '/projects/:projectId/emails',
    title: 'Emails',
    load: () => import('./pages/emails/index.js'),
    nav: { label: 'Emails', order: 5 },
  },
  {
    path: '/projects/:projectId/webhooks',
    title: 'Webhooks',
    load: () => import('./pages/webhooks/index.js'),
    nav: { label: 'Webhooks', order: 6 },
  },
  {
    path: '/projects/:projectId/api-keys',
    title: 'API keys',
    load: () => import('./pages/api-keys/index.js'),
    nav: { label: 'API keys', order: 7 },
  },
  {
    path: '/projects/:projectId/settings',
    title: 'Project settings',
    load: () => import('./pages/settings/index.js'),
    nav: { label: 'Project settings', order: 8 },
  },
];
