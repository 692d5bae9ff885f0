import { type ReactNode, useId } from 'react';

/** Props of `Subsection`. */
export interface SubsectionProps {
  /** Its heading, e.g. `'Invitations'`; also its name for screen readers. */
  title: string;
  children?: ReactNode;
}

/**
 * A titled part inside a section ("Invitations" under "Teams"): an `h3` heading over its content,
 * a region named by the heading.
 */
export function Subsection({ title, children }: SubsectionProps) {
  const id = useId();
  return (
    <section className="signet-subsection" aria-labelledby={id}>
      <h3 id={id} className="signet-subsection-title">
        {title}
      </h3>
      {children}
    </section>
  );
}
