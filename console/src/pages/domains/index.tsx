/**
 * Domains: the trusted domains sign-in may send people back to, each with the path of the kit's
 * handler pages there (add, edit, remove after a question), and whether localhost is trusted too.
 * Product-spec §5's production-mode problems all link here.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, ConfirmButton, FieldError } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { EmptyState, PageHeader, Section } from '../../shell/states.js';
import { SwitchField } from '../settings/switch-field.js';
import { useProjectUpdate } from '../settings/use-project-update.js';
import { DomainForm, type TrustedDomain } from './domain-form.js';
import './domains.css';
import { TableFrame } from '../../shell/table-frame.js';

/** The domains page. */
export default function DomainsPage() {
  const { project } = useProjectAdmin();
  const { save } = useProjectUpdate();
  const [editing, setEditing] = useState<string | null>(null);
  // After an edit closes, focus goes back to that row's Edit button, not to the top of the page.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const closeEdit = (domain: string) => {
    setReturnTo(domain);
    setEditing(null);
  };
  const domains = project.config.domains;
  const saveDomains = (next: TrustedDomain[], success: string) =>
    save({ config: { domains: next } }, success);
  return (
    <>
      <PageHeader
        title="Domains"
        description="Where sign-in, sign-up and emailed links may send people back to. Anything else is refused."
      />
      <Section title="Trusted domains">
        {domains.length === 0 ? (
          <EmptyState title="No trusted domains yet">
            Add your app's address so sign-in can return to it.
            {project.config.allowLocalhost && ' Until then, only localhost is trusted.'}
          </EmptyState>
        ) : (
          <TableFrame columns={['Domain', 'Handler path']} actions>
            {domains.map((entry) =>
              editing === entry.domain ? (
                <tr key={entry.domain}>
                  <td colSpan={3}>
                    <DomainForm
                      initial={entry}
                      others={domains.filter((d) => d !== entry).map((d) => d.domain)}
                      onCancel={() => closeEdit(entry.domain)}
                      onSave={async (changed) => {
                        const failure = await saveDomains(
                          domains.map((d) => (d === entry ? changed : d)),
                          `${changed.domain} saved`,
                        );
                        if (!failure) closeEdit(changed.domain);
                        return failure;
                      }}
                    />
                  </td>
                </tr>
              ) : (
                <DomainRow
                  key={entry.domain}
                  entry={entry}
                  refocus={returnTo === entry.domain}
                  onEdit={() => setEditing(entry.domain)}
                  onRemove={() =>
                    saveDomains(
                      domains.filter((d) => d !== entry),
                      `${entry.domain} removed`,
                    )
                  }
                />
              ),
            )}
          </TableFrame>
        )}
      </Section>
      <Section title="Add a trusted domain">
        <DomainForm
          others={domains.map((d) => d.domain)}
          onSave={(added) => saveDomains([...domains, added], `${added.domain} added`)}
        />
      </Section>
      <Section title="Localhost">
        <SwitchField
          label="Allow localhost"
          description="Trusts localhost on any port, for development. Production mode needs this off."
          checked={project.config.allowLocalhost}
          onChange={(on) =>
            save(
              { config: { allowLocalhost: on } },
              on ? 'Localhost is trusted' : 'Localhost is no longer trusted',
            )
          }
        />
      </Section>
    </>
  );
}

function DomainRow({
  entry,
  refocus,
  onEdit,
  onRemove,
}: {
  entry: TrustedDomain;
  refocus: boolean;
  onEdit(): void;
  onRemove(): Promise<string | null>;
}) {
  const [error, setError] = useState<string | null>(null);
  const actions = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refocus) actions.current?.querySelector<HTMLButtonElement>('[data-edit]')?.focus();
  }, [refocus]);
  return (
    <tr>
      <th scope="row" className="console-domains-domain">
        {entry.domain}
      </th>
      <td>
        <code>{entry.handlerPath}</code>
      </td>
      <td>
        <div ref={actions} className="console-domains-actions">
          <Button data-edit variant="secondary" onClick={onEdit} aria-label={`Edit ${entry.domain}`}>
            Edit
          </Button>
          <ConfirmButton
            label="Remove"
            question={`Remove ${entry.domain}? Sign-in can no longer send people back there.`}
            confirmLabel="Yes, remove"
            onConfirm={async () => setError(await onRemove())}
          />
        </div>
        <FieldError>{error}</FieldError>
      </td>
    </tr>
  );
}
