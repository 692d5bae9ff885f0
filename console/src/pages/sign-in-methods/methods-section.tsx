/** The switches of the sign-in page: which methods are offered, whether anyone can sign up. */
import type { AdminProject, AdminProjectUpdate } from 'signet/plugins/admin-project';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { Section } from '../../shell/states.js';
import { SwitchField } from '../settings/switch-field.js';
import { useProjectUpdate } from '../settings/use-project-update.js';

type ConfigSwitch = {
  [K in keyof AdminProject['config']]: AdminProject['config'][K] extends boolean ? K : never;
}[keyof AdminProject['config']];

/** One switch of the config: its label, what it does, and its toast's words. */
interface SwitchSpec {
  key: ConfigSwitch;
  label: string;
  description: string;
  name: string;
}

const METHODS: SwitchSpec[] = [
  {
    key: 'credentialEnabled',
    label: 'Email and password',
    description: 'People sign up and sign in with an email address and a password.',
    name: 'Email and password',
  },
  {
    key: 'magicLinkEnabled',
    label: 'Email codes and links',
    description: 'People get a one-time code and link by email, no password needed.',
    name: 'Email codes and links',
  },
  {
    key: 'passkeyEnabled',
    label: 'Passkeys',
    description: 'People sign in with a passkey saved on their device, once they have added one.',
    name: 'Passkeys',
  },
];

const SIGN_UP: SwitchSpec = {
  key: 'signUpEnabled',
  label: 'Allow sign-up',
  description: 'Anyone can create an account. When off, only users you create (or already have) can sign in.',
  name: 'Sign-up',
};

const USER_DELETION: SwitchSpec = {
  key: 'clientUserDeletionEnabled',
  label: 'Users can delete their account',
  description: 'Shows "Delete account" in account settings, so people can remove their own account.',
  name: 'Account deletion by users',
};

function ConfigSwitches({ specs }: { specs: SwitchSpec[] }) {
  const { project } = useProjectAdmin();
  const { save } = useProjectUpdate();
  return (
    <>
      {specs.map((spec) => (
        <SwitchField
          key={spec.key}
          label={spec.label}
          description={spec.description}
          checked={project.config[spec.key]}
          onChange={(on) =>
            save(
              { config: { [spec.key]: on } } as AdminProjectUpdate,
              `${spec.name} turned ${on ? 'on' : 'off'}`,
            )
          }
        />
      ))}
    </>
  );
}

/** Password, email codes, passkeys; a warning when no way to sign in is left on. */
export function MethodsSection() {
  const { project } = useProjectAdmin();
  const c = project.config;
  const noWayIn = !c.credentialEnabled && !c.magicLinkEnabled && !c.oauthProviders.some((p) => p.enabled);
  // Passkeys are added once signed in some other way: alone they let in only those who have one.
  const warning = !noWayIn
    ? null
    : c.passkeyEnabled
      ? 'Only people who already added a passkey can sign in, and nobody can sign up: turn on email and password, email codes or an OAuth provider.'
      : 'No way to sign in is on: nobody can sign in or sign up. Turn on email and password, email codes or an OAuth provider.';
  return (
    <Section title="Methods">
      <ConfigSwitches specs={METHODS} />
      {warning && (
        <p className="console-sign-in-warning" role="status">
          {warning}
        </p>
      )}
    </Section>
  );
}

/** Sign-up on or off. */
export function SignUpSection() {
  return (
    <Section title="Sign-up">
      <ConfigSwitches specs={[SIGN_UP]} />
    </Section>
  );
}

/** Whether users may delete their own account. */
export function UserDeletionSection() {
  return (
    <Section title="Account deletion">
      <ConfigSwitches specs={[USER_DELETION]} />
    </Section>
  );
}
