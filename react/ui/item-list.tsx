import type { ReactNode } from 'react';

/** Props of `ItemList`. */
export interface ItemListProps {
  /** What the list holds, for screen readers (`'Email addresses'`). */
  label: string;
  children?: ReactNode;
}

/** A list of items with a rule between them (emails, sessions, members). */
export function ItemList({ label, children }: ItemListProps) {
  return (
    <ul className="signet-account-list" aria-label={label}>
      {children}
    </ul>
  );
}

/** Props of `Item`. */
export interface ItemProps {
  /** The item's name, with any badges. */
  title: ReactNode;
  /** Quiet lines under the title. */
  children?: ReactNode;
  /** Buttons at the item's end (an `Actions` row, or a single button). */
  actions?: ReactNode;
  /** Leading media, such as an avatar. */
  media?: ReactNode;
  /** Data attributes for tests and styling (`{ 'data-email': 'a@b.c' }`). */
  data?: Readonly<Record<`data-${string}`, string>>;
}

/** One row of an `ItemList`: media, title and notes on one side, actions on the other. */
export function Item({ title, children, actions, media, data }: ItemProps) {
  return (
    <li className="signet-account-item" {...data}>
      <div className="signet-item-main">
        {media}
        <div>
          <p className="signet-account-item-title">{title}</p>
          {children}
        </div>
      </div>
      {actions}
    </li>
  );
}
