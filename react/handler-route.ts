/** Which handler page a pathname asks for. Pure, so routing is testable without a router. */

/** A handler pathname split into the route segment and what follows it. */
export interface HandlerRoute {
  /** First segment after the handler base, e.g. `'sign-in'`; `''` for the base itself. */
  route: string;
  rest: string[];
}

/**
 * Splits `path` under `handlerBase` (`/handler/sign-in/x` → `sign-in`, `['x']`). A path without a
 * leading slash is taken as already relative to the base (`'sign-in'`), which suits routers that
 * hand over only the splat. A path outside the base yields null.
 */
export function resolveHandlerRoute(path: string, handlerBase: string): HandlerRoute | null {
  let relative = path;
  if (path.startsWith('/')) {
    const base = handlerBase.replace(/\/$/, '');
    if (path !== base && !path.startsWith(`${base}/`)) return null;
    relative = path.slice(base.length);
  }
  const [route = '', ...rest] = relative
    .split('/')
    .filter(Boolean)
    .map((s) => safeDecode(s));
  return { route, rest };
}

function safeDecode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
