/**
 * The fixed routes' lookup by exact path (server/src/http/exact-paths): only the path itself finds
 * its value, whatever other paths share its length or its beginning, and hostile paths find nothing.
 */
import { describe, expect, it } from 'vitest';
import { ExactPaths } from '../../server/src/http/exact-paths.js';

describe('exact paths', () => {
  const paths = new ExactPaths<string>();
  const known = [
    '/api/v1',
    '/api/v1/users/me',
    '/api/v1/teams/xx',
    '/api/v1/users/mf',
    '/api/latest/users/me',
  ];
  for (const path of known) paths.set(path, `value of ${path}`);

  it('finds each path, among others of its length, by a string of its own', () => {
    for (const path of known) expect(paths.get([...path].join(''))).toBe(`value of ${path}`);
  });

  it('finds nothing for a path that differs in any one character, or is longer or shorter', () => {
    const path = '/api/v1/users/me';
    for (let i = 0; i < path.length; i++) {
      const changed = `${path.slice(0, i)}${path[i] === 'z' ? 'y' : 'z'}${path.slice(i + 1)}`;
      expect(paths.get(changed), changed).toBeUndefined();
    }
    expect(paths.get(`${path}/`)).toBeUndefined();
    expect(paths.get(path.slice(0, -1))).toBeUndefined();
    expect(paths.get('')).toBeUndefined();
  });

  it('finds nothing for hostile paths', () => {
    for (const hostile of [
      '/api/v1/users/m\u0000',
      '/api/v1/users/m\ud800',
      `/api/v1/${'a'.repeat(70_000)}`,
    ]) {
      expect(paths.get(hostile)).toBeUndefined();
    }
  });

  it('replaces the value of a path set twice', () => {
    const again = new ExactPaths<number>();
    again.set('/a', 1);
    again.set('/a', 2);
    again.set('/b', 3);
    expect(again.get('/a')).toBe(2);
    expect(again.get('/b')).toBe(3);
  });
});
