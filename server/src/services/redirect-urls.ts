/**
 * The trust check for callback URLs (wire.md §7.2): localhost when the project allows it, or a
 * configured trusted domain. Stricter than the wire where design.md asks for it: the port must
 * match too (exact scheme + host + port), and a domain path matches whole segments only.
 */

import type { ProjectRow } from '../db/schema.js';
import { knownError } from '../errors.js';
import { isLocalHost } from './local-hosts.js';

type Domain = { domain: string; handler_path?: string };

function pathWithin(path: string, prefix: string): boolean {
  if (prefix === '' || prefix === '/') return true;
  const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
  return path === prefix || path.startsWith(base);
}

/** True when `url` may receive a user back from an email or redirect of `project`. */
export function isTrustedRedirect(project: ProjectRow, url: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  if (project.allowLocalhost && isLocalHost(target.hostname)) return true;
  for (const { domain } of (project.domains as Domain[] | null) ?? []) {
    if (!URL.canParse(domain)) continue;
    const trusted = new URL(domain);
    if (
      trusted.protocol === target.protocol &&
      trusted.host === target.host &&
      pathWithin(target.pathname, trusted.pathname)
    )
      return true;
  }
  return false;
}

/** Throws REDIRECT_URL_NOT_WHITELISTED unless `url` passes {@link isTrustedRedirect}. */
export function assertTrustedRedirect(project: ProjectRow, url: string): void {
  if (!isTrustedRedirect(project, url)) throw knownError('REDIRECT_URL_NOT_WHITELISTED');
}

/** The emailed link: the callback URL with `code` set (wire.md §6.1). */
export function linkWithCode(callbackUrl: string, code: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('code', code);
  return url.toString();
}
