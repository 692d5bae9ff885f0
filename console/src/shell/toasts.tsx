/**
 * Short messages after an action ("User deleted"), in a live region so screen readers announce
 * them; each fades after five seconds, errors after ten, and any can be dismissed.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** A toast's kind: a success or an error. */
export type ToastKind = 'success' | 'error';

interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** Shows a toast. */
export type ShowToast = (message: string, kind?: ToastKind) => void;

const ToastContext = createContext<ShowToast>(() => {});

/** The toast area and the `useToast` function for the console below it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback<ShowToast>(
    (message, kind = 'success') => {
      const id = Date.now() + Math.random();
      setToasts((all) => [...all.slice(-3), { id, kind, message }]);
      setTimeout(() => dismiss(id), kind === 'error' ? 10_000 : 5_000);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section className="console-toasts" aria-live="polite" aria-label="Notifications">
        {toasts.map((toast) => (
          <div key={toast.id} className={`console-toast console-toast--${toast.kind}`} role="status">
            <span>{toast.message}</span>
            <button type="button" className="console-toast-close" onClick={() => dismiss(toast.id)}>
              <span aria-hidden="true">×</span>
              <span className="console-visually-hidden">Dismiss</span>
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}

/** The function that shows a toast. */
export const useToast = (): ShowToast => useContext(ToastContext);
