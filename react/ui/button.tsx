/** Buttons and button-looking links of the kit's screens. */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.js';

/** Visual weight of a button. */
export type ButtonVariant = 'primary' | 'secondary';

const classes = (variant: ButtonVariant, extra?: string) =>
  ['signet-button', `signet-button--${variant}`, extra].filter(Boolean).join(' ');

/** Props of `Button`. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner and disables the button, e.g. while a form submits. */
  loading?: boolean;
}

/** A button; `type` defaults to `'button'` so it never submits a form by accident. */
export function Button({ variant = 'primary', loading = false, className, children, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={classes(variant, className)}
      disabled={rest.disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}

/** Props of `ButtonLink`. */
export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  variant?: ButtonVariant;
}

/** A link styled as a button: navigation stays a link for assistive tech and new-tab clicks. */
export function ButtonLink({ variant = 'primary', className, ...rest }: ButtonLinkProps) {
  return <a {...rest} className={classes(variant, className)} />;
}
