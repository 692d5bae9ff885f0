/** Links to app pages that carry `after_auth_return_to`, without reading `location` during render. */
import { useEffect, useState } from 'react';
import type { RedirectTarget } from '../core/redirects.js';
import { useApp } from './hooks.js';

/**
 * The href of a page. The first render (server and hydration) uses the plain URL; once mounted it
 * becomes `app.redirect.href(target)`, which adds the current page as the return-to target for
 * sign-in and sign-up.
 */
export function useRedirectHref(target: RedirectTarget): string {
  const app = useApp();
  const key = typeof target === 'string' ? target : target.url;
  const plain = (typeof target === 'string' ? app.urls[target] : target.url) ?? '';
  const [href, setHref] = useState(plain);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `target`, which may be a fresh object each render.
  useEffect(() => setHref(app.redirect.href(target)), [app, key]);
  return href;
}
