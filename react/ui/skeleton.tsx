/** Grey placeholder blocks shown while something loads. */

/** Props of `Skeleton`. */
export interface SkeletonProps {
  /** What is loading, for screen readers (`'Loading'`). */
  label?: string;
  /**
   * `'card'` (default): shaped like an auth card (title, two fields, a button), for a page.
   * `'line'`: one short bar the height of a button, for a control inside other content (a team
   * switcher in a header).
   */
  shape?: 'card' | 'line';
}

/** A placeholder while the user, the project or a list loads. */
export function Skeleton({ label = 'Loading', shape = 'card' }: SkeletonProps) {
  if (shape === 'line')
    return (
      <span
        className="signet-skeleton-block signet-skeleton-inline"
        role="status"
        aria-busy="true"
        aria-label={label}
      />
    );
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
