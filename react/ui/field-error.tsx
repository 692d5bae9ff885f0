import type { ReactNode } from 'react';

/**
 * An error in words where it happened (under a field, a list, a row), announced when it appears.
 * Renders nothing without a message, so `<FieldError>{error}</FieldError>` can always be written.
 */
export function FieldError({ children, id }: { children?: ReactNode; id?: string }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className="signet-field-error" role="alert" id={id}>
      {children}
    </p>
  );
}
