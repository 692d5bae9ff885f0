import type { ReactNode } from 'react';

/** Props of `Card`. */
export interface CardProps {
  /** The card's heading, an `h1`: the card is what the page is about ('Reset your password'). */
  title: ReactNode;
  children?: ReactNode;
}

/**
 * The box of a page of its own (a form such as 'Choose a new password'), on the page's surface with
 * the kit's border, radius and shadow, its title centred above. Put it in a `FullPage`; for a
 * message with buttons, `MessageCard` lays them out too.
 */
export function Card({ title, children }: CardProps) {
  return (
    <section className="signet-card">
      <h1 className="signet-card-title">{title}</h1>
      {children}
    </section>
  );
}
