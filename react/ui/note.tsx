import type { ReactNode } from 'react';

/** Props of `Note`. */
export interface NoteProps {
  children?: ReactNode;
  /**
   * `'status'` announces the note to screen readers when it appears (a change that succeeded,
   * "Invitation sent"); leave out for text that is simply there.
   */
  role?: 'status';
}

/** Quiet text under a heading or beside an item: a hint, a state, a result. */
export function Note({ children, role }: NoteProps) {
  return (
    <p className="signet-account-note" role={role}>
      {children}
    </p>
  );
}
