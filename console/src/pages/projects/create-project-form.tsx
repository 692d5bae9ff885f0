/**
 * Creating a project: its display name, the ways people sign in to it (password, email codes and
 * magic links, passkeys) and the OAuth providers to turn on with the shared development keys.
 * Own OAuth keys come later, on the project's Sign-in methods page.
 */
import { useRef, useState } from 'react';
import type { NewProject, OwnedProject } from 'signet/plugins/owner-projects';
import { Form, FormError, TextField } from 'signet/react';
import { SHARED_OAUTH_PROVIDER_IDS } from 'signet/wire';
import { FormButtons } from '../../shell/form-buttons.js';
import { useOwner } from '../../shell/owner-context.js';
import { messageOf } from '../../shell/use-load.js';
import { Checkbox } from './checkbox.js';

/** How each provider with shared keys is named on screen. */
export const SHARED_PROVIDER_LABELS: Record<(typeof SHARED_OAUTH_PROVIDER_IDS)[number], string> = {
  google: 'Google',
  github: 'GitHub',
  microsoft: 'Microsoft',
  spotify: 'Spotify',
};

/** The longest display name the form takes (the server's own limit is far above it). */
const NAME_MAX = 120;

interface Choices {
  credentialEnabled: boolean;
  magicLinkEnabled: boolean;
  passkeyEnabled: boolean;
  providers: string[];
}

/** The body of `POST /internal/projects` for the form's values. */
export function newProjectOf(displayName: string, choices: Choices): NewProject {
  return {
    displayName: displayName.trim(),
    config: {
      credentialEnabled: choices.credentialEnabled,
      magicLinkEnabled: choices.magicLinkEnabled,
      passkeyEnabled: choices.passkeyEnabled,
      oauthProviders: choices.providers.map((id) => ({ id, enabled: true, type: 'shared' as const })),
    },
  };
}

/** Props of `CreateProjectForm`. */
export interface CreateProjectFormProps {
  /** Called with the project the server made. */
  onCreated: (project: OwnedProject) => void;
  /** Closes the form without creating anything; no Cancel button without it. */
  onCancel?: () => void;
}

/** The create form; the caller decides where to go afterwards. */
export function CreateProjectForm({ onCreated, onCancel }: CreateProjectFormProps) {
  const { ownerProjects } = useOwner();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<Choices>({
    credentialEnabled: true,
    magicLinkEnabled: false,
    passkeyEnabled: false,
    providers: [],
  });
  const choose = (change: Partial<Choices>) => {
    setChoices((previous) => ({ ...previous, ...change }));
    setFormError(null);
  };
  const toggleProvider = (id: string, on: boolean) =>
    choose({
      providers: on
        ? [...choices.providers.filter((p) => p !== id), id]
        : choices.providers.filter((p) => p !== id),
    });

  const submit = async () => {
    if (busy) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Enter a name for the project');
      nameRef.current?.focus();
      return;
    }
    if (trimmed.length > NAME_MAX) {
      setNameError(`Use at most ${NAME_MAX} characters`);
      nameRef.current?.focus();
      return;
    }
    const anyMethod =
      choices.credentialEnabled ||
      choices.magicLinkEnabled ||
      choices.passkeyEnabled ||
      choices.providers.length > 0;
    if (!anyMethod) {
      setFormError('Choose at least one way to sign in, or nobody can use the project.');
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      const project = await ownerProjects.create(newProjectOf(trimmed, choices));
      onCreated(project);
    } catch (error) {
      setFormError(`The project could not be created. ${messageOf(error)}`);
      setBusy(false);
    }
  };

  return (
    <Form name="create-project" onSubmit={submit}>
      <TextField
        label="Project name"
        name="displayName"
        autoComplete="off"
        value={name}
        maxLength={NAME_MAX + 20}
        inputRef={nameRef}
        error={nameError}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(undefined);
        }}
      />
      <fieldset className="console-projects-fieldset">
        <legend>Sign-in methods</legend>
        <Checkbox
          label="Email and password"
          hint="People sign up and sign in with an email address and a password."
          checked={choices.credentialEnabled}
          onChange={(on) => choose({ credentialEnabled: on })}
        />
        <Checkbox
          label="Email codes and magic links"
          hint="A one-time code or link sent by email, no password."
          checked={choices.magicLinkEnabled}
          onChange={(on) => choose({ magicLinkEnabled: on })}
        />
        <Checkbox
          label="Passkeys"
          hint="Fingerprint, face or device PIN, once a person has added one."
          checked={choices.passkeyEnabled}
          onChange={(on) => choose({ passkeyEnabled: on })}
        />
      </fieldset>
      <fieldset className="console-projects-fieldset">
        <legend>OAuth providers</legend>
        <p className="console-muted console-projects-legend-hint">
          Turned on with shared development keys; set your own keys on the project's Sign-in methods page
          before going to production.
        </p>
        <div className="console-projects-providers">
          {SHARED_OAUTH_PROVIDER_IDS.map((id) => (
            <Checkbox
              key={id}
              label={SHARED_PROVIDER_LABELS[id]}
              checked={choices.providers.includes(id)}
              onChange={(on) => toggleProvider(id, on)}
            />
          ))}
        </div>
      </fieldset>
      <FormError>{formError}</FormError>
      <FormButtons submit="Create project" busy={busy} onCancel={onCancel} />
    </Form>
  );
}
