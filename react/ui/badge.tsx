import type { ReactNode } from 'react';

/** Props of `Badge`. */
export interface BadgeProps {
  children?: ReactNode;
  /** `'ok'` (green: verified), `'warn'` (amber: unverified, expiring) or neutral when left out. */
  tone?: 'ok' | 'warn';
}

/** A small label beside a title: "Primary", "Verified", "You", "last". */
export function Badge({ children, tone }: BadgeProps) {
  return (
    <span className="signet-badge" data-tone={tone}>
      {children}
    </span>
  );
}
