import type { ReactNode } from 'react';

/**
 * The body of a section: its parts one under the other with the kit's spacing (a list, a note, a
 * form). Nested stacks do not add space twice.
 */
export function Stack({ children }: { children?: ReactNode }) {
  return <div className="signet-account-stack">{children}</div>;
}
