/**
 * The frame every console table shares: the wrapper that lets a wide table scroll on its own
 * instead of the page, the caption that names it for screen readers, and one row of column headers.
 */
import type { ReactNode } from 'react';

/**
 * A console table around `children` (its body rows).
 * - `caption`: the table's accessible name, read by screen readers and hidden on screen.
 * - `columns`: the headers in order; `false` leaves a column out (one shown only sometimes).
 * - `actions`: adds a last column for row buttons, named "Actions" for screen readers only.
 * - `className`: added to `console-table`, for a page's own column widths.
 */
export function TableFrame({
  caption,
  columns,
  actions = false,
  className,
  children,
}: {
  caption?: string;
  columns: readonly (string | false)[];
  actions?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="console-table-wrap">
      <table className={className ? `console-table ${className}` : 'console-table'}>
        {caption !== undefined && <caption className="console-visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map(
              (label) =>
                label !== false && (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ),
            )}
            {actions && (
              <th scope="col">
                <span className="console-visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
