/**
 * What happens when someone signs in with an OAuth provider whose email already belongs to an
 * account (`oauthAccountMergeStrategy`): link it, refuse, or make a second account.
 */
import { useId, useState } from 'react';
import { FieldError } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { Section } from '../../shell/states.js';
import { useProjectUpdate } from '../settings/use-project-update.js';

type Strategy = 'link_method' | 'raise_error' | 'allow_duplicates';

const STRATEGIES: { value: Strategy; label: string; description: string }[] = [
  {
    value: 'link_method',
    label: 'Link to the existing account',
    description: 'The provider is added to the account that has this email.',
  },
  {
    value: 'raise_error',
    label: 'Refuse the sign-in',
    description: 'The person is told the email is already used and must sign in the way they did before.',
  },
  {
    value: 'allow_duplicates',
    label: 'Create a separate account',
    description: 'Two accounts share the email address.',
  },
];

/** The merge strategy, saved when chosen. */
export function MergeSection() {
  const { project } = useProjectAdmin();
  const { save, saving } = useProjectUpdate();
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  return (
    <Section title="Accounts with the same email">
      <fieldset className="console-sign-in-choice" disabled={saving}>
        <legend className="console-muted">
          When someone signs in with an OAuth provider and an account with that email already exists:
        </legend>
        {STRATEGIES.map((strategy) => (
          <label key={strategy.value} className="console-sign-in-option">
            <input
              type="radio"
              name={name}
              value={strategy.value}
              checked={project.config.oauthAccountMergeStrategy === strategy.value}
              onChange={async () => {
                setError(
                  await save(
                    { config: { oauthAccountMergeStrategy: strategy.value } },
                    `Same-email sign-ins: ${strategy.label.toLowerCase()}`,
                  ),
                );
              }}
            />
            <span>
              <strong>{strategy.label}</strong>
              <span className="console-muted console-sign-in-hint">{strategy.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FieldError>{error}</FieldError>
    </Section>
  );
}
