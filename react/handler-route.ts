/**
 * Which handler page a pathname asks for, found by the app's configured page URLs (so a page moved
 * with `createApp({ urls })` is still found). Pure, so routing is testable without a router.
 */

/** The page a pathname resolves to, and the segments after the page's own URL. */
export interface HandlerRoute {
  /** The page's URL name in `app.urls`, e.g. `'signIn'`. */
  name: string;
  rest: string[];
}

const pathOf = (url: string) => {
  const path = new URL(url, 'http://signet.invalid').pathname;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};

/**
 * Finds the page among `names` whose URL in `urls` is `path` or a prefix of it followed by `/`
 * (the longest wins). A path without a leading slash is taken as relative to the handler base
 * (`'sign-in'`), which suits routers that hand over only the splat. Null when no page matches.
 */
export function resolveHandlerRoute(
  path: string,
  urls: Readonly<Record<string, string>> & { handler: string },
  names: readonly string[],
): HandlerRoute | null {
  const wanted = pathOf(path.startsWith('/') ? path : `${urls.handler.replace(/\/$/, '')}/${path}`);
  let best: { name: string; length: number } | null = null;
  for (const name of names) {
    const url = urls[name];
    if (url === undefined) continue;
    const page = pathOf(url);
    if ((wanted === page || wanted.startsWith(`${page}/`)) && page.length > (best?.length ?? -1))
      best = { name, length: page.length };
  }
  if (!best) return null;
  const rest = wanted
    .slice(best.length)
    .split('/')
    .filter(Boolean)
    .map((segment) => safeDecode(segment));
  return { name: best.name, rest };
}

function safeDecode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
