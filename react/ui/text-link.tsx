import type { AnchorHTMLAttributes } from 'react';

/** Props of `TextLink`: an `<a>`'s. */
export type TextLinkProps = AnchorHTMLAttributes<HTMLAnchorElement>;

/**
 * A link in the kit's link colour, for navigation beside text. Under a field (`TextField`'s
 * `below`, e.g. 'Forgot password?') it sits at the field's end in small type. A link that should
 * look like a button is a `ButtonLink`; an action that looks like a link is a `TextButton`.
 */
export function TextLink({ className, ...props }: TextLinkProps) {
  return <a className={className ? `signet-link ${className}` : 'signet-link'} {...props} />;
}
