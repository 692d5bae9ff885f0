/**
 * API paths with parameters, every parameter encoded: a plugin writes
 * apiPath`/teams/${teamId}/members` and never its own `encodeURIComponent`. A module of its own, so
 * only the plugins that import it carry it.
 */

/**
 * Builds an API path (or a plugin backend's URL) from a template literal, each interpolated value
 * encoded with `encodeURIComponent`: `/`, `?`, `#`, `%`, NUL and everything else reach the server
 * as part of that one segment or query value, never as a separator.
 *
 * Refused with a `TypeError`, before any request, are the values no URL can carry to the same
 * endpoint: one with a lone surrogate (not well-formed Unicode, so it has no UTF-8 bytes to
 * encode), and one that leaves an empty, `.` or `..` path segment (URLs drop or resolve those, even
 * percent-encoded, so the call would reach another endpoint: `/users/${''}` would be the user list).
 */
/* @__NO_SIDE_EFFECTS__ */
export function apiPath(template: TemplateStringsArray, ...values: readonly (string | number)[]): string {
  const where = () => template.join('…');
  const path = template.reduce((built, text, i) => {
    try {
      return built + encodeURIComponent(values[i - 1]!) + text;
    } catch {
      throw new TypeError(
        `signet: a parameter of ${where()} is not well-formed Unicode (a lone surrogate), so no URL can carry it.`,
      );
    }
  });
  // The path of the URL only (the query may hold anything), after any scheme and host.
  const segments = path
    .split('?')[0]!
    .replace(/^[a-z][\w+.-]*:\/\/[^/]*/i, '')
    .split('/')
    .slice(1);
  if (segments.some((segment) => /^(\.|%2e){0,2}$/i.test(segment)))
    throw new TypeError(
      `signet: a parameter of ${where()} leaves an empty, "." or ".." path segment, which the URL would drop or resolve to another endpoint.`,
    );
  return path;
}
