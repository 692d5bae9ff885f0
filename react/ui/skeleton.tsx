/** Grey placeholder blocks shown while the user or project loads. */

/** A placeholder shaped like an auth card: title, two fields, a button. */
export function Skeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="signet-skeleton" role="status" aria-busy="true" aria-label={label}>
      <div className="signet-skeleton-block signet-skeleton-title" />
      <div className="signet-skeleton-block signet-skeleton-line" />
      <div className="signet-skeleton-block signet-skeleton-input" />
      <div className="signet-skeleton-block signet-skeleton-line" />
      <div className="signet-skeleton-block signet-skeleton-input" />
      <div className="signet-skeleton-block signet-skeleton-button" />
    </div>
  );
}
