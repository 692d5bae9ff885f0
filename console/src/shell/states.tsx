/** The shapes every page shares: its header, a loading table, an empty list, an error in words. */
import type { ReactNode } from 'react';
import { Button } from 'signet/react';
import type { LoadState } from './use-load.js';

/** A page's title, a line under it, and its main actions at the end. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="console-page-header">
      <div>
        <h1>{title}</h1>
        {description && <p className="console-muted">{description}</p>}
      </div>
      {actions && <div className="console-page-actions">{actions}</div>}
    </header>
  );
}

/** Grey rows while a list or a page loads. */
export function LoadingRows({ label = 'Loading', rows = 5 }: { label?: string; rows?: number }) {
  return (
    <div className="console-skeleton" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
        <div key={i} className="console-skeleton-row" />
      ))}
    </div>
  );
}

/** What an empty list says, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="console-empty">
      <p className="console-empty-title">{title}</p>
      {children && <div className="console-muted">{children}</div>}
    </div>
  );
}

/** "{what} could not be loaded." with the reason and Try again. */
export function LoadError({ what, error, onRetry }: { what: string; error: string; onRetry?: () => void }) {
  return (
    <div className="console-error" role="alert">
      <p>
        {what} could not be loaded. {error}
      </p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/**
 * What a load shows until its data is there: `LoadingRows` named `loading` while it loads, and
 * `LoadError` about `what` (with Try again) when it failed; nothing once it is ready.
 */
export function LoadStatus({
  of: load,
  loading,
  rows,
  what,
}: {
  of: LoadState<unknown> & { reload: () => void };
  loading: string;
  rows?: number;
  what: string;
}) {
  if (load.status === 'loading') return <LoadingRows label={loading} rows={rows} />;
  if (load.status === 'error') return <LoadError what={what} error={load.error} onRetry={load.reload} />;
  return null;
}

/** A section of a page with a heading. */
export function Section({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="console-section" aria-label={title}>
      <div className="console-section-header">
        <h2>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
