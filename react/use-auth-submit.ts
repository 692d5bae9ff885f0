/**
 * Submitting an auth form. Besides the form's own busy flag, it tells the surrounding auth page a
 * sign-in is under way: the page then keeps the form on screen when the user becomes signed in,
 * instead of flashing the 'already signed in' card while the redirect happens.
 */
import { createContext, useContext, useRef, useState } from 'react';

/** Reports a submission starting (+1) or ending (-1) to the page. */
export const AuthPendingContext = createContext<((delta: 1 | -1) => void) | null>(null);

/** A submit function that ignores repeats while busy, and its busy flag. */
export function useAuthSubmit<A extends unknown[]>(
  action: (...args: A) => Promise<void>,
): { pending: boolean; submit: (...args: A) => Promise<void> } {
  const [pending, setPending] = useState(false);
  // A ref as well as state: a double Enter press arrives before React re-renders.
  const busy = useRef(false);
  const report = useContext(AuthPendingContext);
  const submit = async (...args: A) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    report?.(1);
    try {
      await action(...args);
    } finally {
      busy.current = false;
      setPending(false);
      report?.(-1);
    }
  };
  return { pending, submit };
}
