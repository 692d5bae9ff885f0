/**
 * Checking a trusted domain and its handler path before saving, by the server's rules (wire.md
 * §5.10: the domain starts with http:// or https://, the handler path with /), and narrower where
 * a trusted domain means an origin: redirects are matched on scheme, host and port only, so a path,
 * query or credentials in the address would be misleading.
 */

/** A domain and handler path ready to save, or the errors to show under each field. */
export type DomainCheck =
  | { ok: true; domain: string; handlerPath: string }
  | { ok: false; domain?: string; handlerPath?: string };

/** The handler path of the kit's pages when the admin leaves it empty. */
export const DEFAULT_HANDLER_PATH = '/handler';

/**
 * Checks what the admin typed; the domain is saved as its origin (`https://app.example.com`), so
 * `https://App.example.com/` and `https://app.example.com` are the same domain.
 */
export function checkDomain(
  domainInput: string,
  handlerPathInput: string,
  others: readonly string[],
): DomainCheck {
  const errors: { domain?: string; handlerPath?: string } = {};
  let domain = '';
  const typed = domainInput.trim();
  if (!typed) errors.domain = 'Enter the domain, e.g. https://app.example.com.';
  else if (!/^https?:\/\//i.test(typed)) errors.domain = 'The domain must start with https:// (or http://).';
  else {
    let url: URL | null = null;
    try {
      url = new URL(typed);
    } catch {
      errors.domain = 'This is not a valid address.';
    }
    if (url) {
      if (url.username || url.password) errors.domain = 'The domain cannot contain a user name or password.';
      else if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
        errors.domain = `Enter only the origin, without a path: ${url.origin}. The handler path goes in its own field.`;
      else {
        domain = url.origin;
        if (others.includes(domain)) errors.domain = `${domain} is already a trusted domain.`;
      }
    }
  }
  const handlerPath = handlerPathInput.trim() || DEFAULT_HANDLER_PATH;
  if (!handlerPath.startsWith('/')) errors.handlerPath = 'The handler path must start with /, e.g. /handler.';
  else if (/\s/.test(handlerPath)) errors.handlerPath = 'The handler path cannot contain spaces.';
  if (errors.domain || errors.handlerPath) return { ok: false, ...errors };
  return { ok: true, domain, handlerPath };
}
