/**
 * Every write a client key can send names what it changes of what authentication keeps in memory
 * (`writes` in http/route-spec). A route that leaves it out drops everything its process keeps
 * about the project, before and after; as every visitor of an app holds the publishable key, such
 * a route lets anyone make every other request of the project read its key and user again, as
 * often as they like. The default stays for routes that really change the project or a user they
 * cannot name, listed here with the reason, so a new route has to choose.
 */
import { expect, it } from 'vitest';
import { ROUTES } from '../../server/src/features/routes.js';

/** Client-reachable writes that keep the safe default, and why. */
const KEEPS_THE_DEFAULT: Record<string, string> = {
  'POST /internal/projects': "makes a project and adds it to its owner's server metadata",
};

it('every write a client key can send says what it drops from memory', () => {
  const undeclared = ROUTES.filter((route) => {
    const clientReachable =
      route.access === 'optional' || (Array.isArray(route.access) && route.access.includes('client'));
    return route.method !== 'GET' && clientReachable && route.writes === undefined;
  }).map((route) => `${route.method} ${route.path}`);
  expect(undeclared.sort()).toEqual(Object.keys(KEEPS_THE_DEFAULT).sort());
});
