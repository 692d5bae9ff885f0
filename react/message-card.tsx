/** The generic message card of product-spec §2: a title, a body and up to two buttons. */
import type { ReactNode } from 'react';
import { Button, ButtonLink } from './ui/button.js';

/**
 * A card button: a link when it navigates, a button when it acts. A button may show that its
 * action is under way (`loading`: a spinner, disabled) or be `disabled` while the other one is.
 */
export type MessageCardAction =
  | { label: string; href: string; onClick?: never }
  | { label: string; onClick: () => void; href?: never; loading?: boolean; disabled?: boolean };

/** Props of `MessageCard`. */
export interface MessageCardProps {
  title: string;
  children?: ReactNode;
  primary?: MessageCardAction;
  secondary?: MessageCardAction;
}

function Action({ action, variant }: { action: MessageCardAction; variant: 'primary' | 'secondary' }) {
  return action.href !== undefined ? (
    <ButtonLink href={action.href} variant={variant}>
      {action.label}
    </ButtonLink>
  ) : (
    <Button variant={variant} onClick={action.onClick} loading={action.loading} disabled={action.disabled}>
      {action.label}
    </Button>
  );
}

/** A card with a message; buttons in reading order, primary first. */
export function MessageCard({ title, children, primary, secondary }: MessageCardProps) {
  return (
    <section className="signet-card signet-message-card">
      <h1 className="signet-card-title">{title}</h1>
      {children && <div className="signet-card-body">{children}</div>}
      {(primary || secondary) && (
        <div className="signet-card-actions">
          {primary && <Action action={primary} variant="primary" />}
          {secondary && <Action action={secondary} variant="secondary" />}
        </div>
      )}
    </section>
  );
}
