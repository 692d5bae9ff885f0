/** A link to a console page, written with the console path (`/projects/x/users`). */
import type { AnchorHTMLAttributes } from 'react';
import { hrefOf } from './router.js';

/** Props of `Link`. */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A console path, with any `?query`. */
  to: string;
}

/** An `<a>` the router follows without a page load (see `interceptLinks`). */
export function Link({ to, ...rest }: LinkProps) {
  return <a href={hrefOf(to)} {...rest} />;
}
