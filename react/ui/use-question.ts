/**
 * The state of a button that asks before it acts (`ConfirmButton`, `TypeToConfirm`): asking or
 * not, and focus given back to the first button when the question closes, so a keyboard user does
 * not land at the top of the page.
 */
import { useEffect, useRef, useState } from 'react';

/** Whether the question shows, how to open and close it, and the ref of the trigger's wrapper. */
export function useQuestion() {
  const [asking, setAsking] = useState(false);
  const trigger = useRef<HTMLDivElement>(null);
  // Set when the question closes, so the first button takes the focus back once it is rendered.
  const refocus = useRef(false);
  useEffect(() => {
    if (asking || !refocus.current) return;
    refocus.current = false;
    trigger.current?.querySelector('button')?.focus();
  }, [asking]);
  return {
    asking,
    trigger,
    open: () => setAsking(true),
    close: () => {
      refocus.current = true;
      setAsking(false);
    },
  };
}
