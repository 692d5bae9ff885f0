import type { ButtonHTMLAttributes } from 'react';

/** A button that looks like a link: for light actions beside text (Cancel, Resend, Switch account). */
export function TextButton({
  type = 'button',
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={className ? `signet-link ${className}` : 'signet-link'} {...props} />;
}
