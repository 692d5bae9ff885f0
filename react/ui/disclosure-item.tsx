/**
 * An item of an `ItemList` that opens to show more under it, across the item's whole width (a
 * team's sections under the team in account settings). What it shows is rendered only while open,
 * so a closed item loads nothing.
 */
import { type ReactNode, useId, useState } from 'react';
import { Button } from './button.js';
import type { ItemProps } from './item-list.js';

/** Props of `DisclosureItem`. */
export interface DisclosureItemProps extends ItemProps {
  /** The toggle's label, e.g. `'Manage'`; whether it is open is announced by `aria-expanded`. */
  toggleLabel: string;
  /** What opening shows, under the item. */
  details: ReactNode;
  /** The name of the opened region for screen readers, e.g. `'Acme settings'`. */
  detailsLabel: string;
  /** Open on first render. */
  defaultOpen?: boolean;
}

/** One row of an `ItemList` with a toggle at the end of its actions and a region under it. */
export function DisclosureItem({
  title,
  children,
  actions,
  media,
  data,
  toggleLabel,
  details,
  detailsLabel,
  defaultOpen = false,
}: DisclosureItemProps) {
  const [open, setOpen] = useState(defaultOpen);
  const panel = useId();
  return (
    <li className="signet-account-item" data-open={open ? '' : undefined} {...data}>
      <div className="signet-item-main">
        {media}
        <div>
          <p className="signet-account-item-title">{title}</p>
          {children}
        </div>
      </div>
      <div className="signet-account-actions">
        {actions}
        <Button
          variant="secondary"
          className="signet-disclosure-toggle"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen((was) => !was)}
        >
          {toggleLabel}
        </Button>
      </div>
      <section id={panel} className="signet-disclosure-panel" aria-label={detailsLabel} hidden={!open}>
        {open && details}
      </section>
    </li>
  );
}
