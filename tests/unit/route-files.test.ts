/**
 * The one naming rule of server/src/features/routes.ts: every route lives in the file its path
 * names, so finding the code behind an endpoint needs no search.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { ROUTES } from '../../server/src/features/routes.js';

const FEATURES = fileURLToPath(new URL('../../server/src/features/', import.meta.url));

/** Feature folders and the path prefix each stands for (the rest is the root's). */
const RESOURCES: Record<string, string> = {
  'auth/cli': '/auth/cli',
  'connected-accounts': '/connected-accounts',
  'contact-channels': '/contact-channels',
  'email-templates': '/email-templates',
  internal: '/internal',
  mfa: '/auth/mfa',
  oauth: '/auth/oauth',
  otp: '/auth/otp',
  passkey: '/auth/passkey',
  password: '/auth/password',
  projects: '/projects',
  sessions: '/auth/sessions',
  teams: '/teams',
  'team-memberships': '/team-memberships',
  'team-member-profiles': '/team-member-profiles',
  'team-permissions': '/team-permissions',
  'team-permission-definitions': '/team-permission-definitions',
  'team-invitations': '/team-invitations',
  users: '/users',
  webhooks: '/webhooks',
};

/** Where the rule puts the route of `path`. */
function fileFor(path: string): string {
  const owner = Object.entries(RESOURCES).find(
    ([, prefix]) => path === prefix || path.startsWith(`${prefix}/`),
  );
  const [folder, prefix] = owner ?? ['', ''];
  // A check-code route sits beside the route it checks for.
  const rest = path.slice(prefix.length).replace(/\/check-code$/, '');
  const segments = rest
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? `[${s.slice(1)}]` : s));
  return join(folder, segments.length === 0 ? 'index.ts' : `${segments.join('/')}.ts`);
}

function* tsFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

it('every route is declared in the file its path names, and every declared path is a route', () => {
  const declared = new Map<string, string[]>();
  for (const file of tsFiles(FEATURES)) {
    const text = readFileSync(file, 'utf8');
    const paths = [...text.matchAll(/\bpath: '([^']*)'|checkCodeRoute\(\s*'([^']*)'/g)].map(
      (m) => m[1] ?? m[2]!,
    );
    for (const path of paths) declared.set(path, [...(declared.get(path) ?? []), relative(FEATURES, file)]);
  }
  const misplaced: string[] = [];
  for (const route of ROUTES) {
    const files = declared.get(route.path) ?? [];
    const expected = fileFor(route.path);
    if (!files.includes(expected))
      misplaced.push(
        `${route.method} ${route.path}: in ${files.join(', ') || 'no file'}, expected ${expected}`,
      );
  }
  expect(misplaced).toEqual([]);
  expect(new Set([...declared.keys()])).toEqual(new Set(ROUTES.map((r) => r.path)));
});
