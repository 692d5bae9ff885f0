/** Buttons and button-looking links of the kit's screens. */
import {
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  type CSSProperties,
  forwardRef,
  type ReactNode,
} from 'react';
import { Spinner } from './spinner.js';

/** Visual weight of a button. */
export type ButtonVariant = 'primary' | 'secondary';

/** A third party's colours for a button, such as a sign-in provider's. */
export interface ButtonBrand {
  /** The background (and border), e.g. `'#24292f'`. */
  background: string;
  /** The text and icon colour. */
  foreground: string;
  /** The background under the pointer; the background itself when left out. */
  hover?: string;
  /** A border in the theme's border colour, for a background close to the page's (white). */
  bordered?: boolean;
}

const classes = (variant: ButtonVariant, ...extra: Array<string | false | undefined>) =>
  ['signet-button', `signet-button--${variant}`, ...extra].filter(Boolean).join(' ');

/** The brand colours as the variables the theme's brand rule reads, before the caller's own style. */
const brandStyle = (brand: ButtonBrand, style: CSSProperties | undefined) =>
  ({
    '--signet-brand': brand.background,
    '--signet-brand-hover': brand.hover ?? brand.background,
    '--signet-brand-fg': brand.foreground,
    ...style,
  }) as CSSProperties;

/** Props of `Button`. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner and disables the button, e.g. while a form submits. */
  loading?: boolean;
  /** Colours of a third party (a sign-in provider) in place of the variant's. */
  brand?: ButtonBrand;
  /** A small label at the button's end, in the button's own colour ('last'). */
  badge?: ReactNode;
}

/**
 * A button; `type` defaults to `'button'` so it never submits a form by accident. A `ref` reaches
 * the `<button>` element (to focus it, or to anchor a popover), on React 18 as on 19.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', loading = false, brand, badge, className, style, children, ...rest },
  ref,
) {
  const badged = badge !== undefined && badge !== null && badge !== false;
  return (
    <button
      ref={ref}
      type="button"
      data-bordered={brand?.bordered || undefined}
      {...rest}
      className={classes(
        variant,
        brand && 'signet-button--brand',
        badged && 'signet-button--badged',
        className,
      )}
      style={brand ? brandStyle(brand, style) : style}
      disabled={rest.disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner />}
      {children}
      {badged && <span className="signet-badge signet-button-badge">{badge}</span>}
    </button>
  );
});

/** Props of `ButtonLink`. */
export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  variant?: ButtonVariant;
}

/**
 * A link styled as a button: navigation stays a link for assistive tech and new-tab clicks. A
 * `ref` reaches the `<a>` element.
 */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant = 'primary', className, ...rest },
  ref,
) {
  return <a ref={ref} {...rest} className={classes(variant, className)} />;
});
