/**
 * The project's email server: the shared one, or its own SMTP server. Own settings are tested by
 * sending an email to an address the admin types before they are saved; saving untested settings
 * asks first, since a wrong password would silently stop every sign-in email.
 */
import { useId, useState } from 'react';
import { Actions, Button, FormError, TextField } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf } from '../../shell/use-load.js';
import {
  draftKey,
  draftOf,
  type SmtpDraft,
  type SmtpErrors,
  smtpConfigOf,
  smtpErrors,
} from './smtp-settings.js';

/** The outcome of the last test, for the settings it was made with. */
interface TestOutcome {
  key: string;
  ok: boolean;
  message: string;
}

/** The email server form; `onTested` runs after a test email was sent (it shows in the log). */
export function EmailServerForm({ onTested }: { onTested: () => void }) {
  const { app, project, setProject } = useProjectAdmin();
  const toast = useToast();
  const [draft, setDraft] = useState<SmtpDraft>(() => draftOf(project));
  const [errors, setErrors] = useState<SmtpErrors>({});
  const [recipient, setRecipient] = useState('');
  const [recipientError, setRecipientError] = useState<string | undefined>();
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [askUntested, setAskUntested] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const modeName = useId();

  const key = draftKey(draft);
  const testedOk = outcome?.ok === true && outcome.key === key;
  const saved = key === draftKey(draftOf(project));
  const change = (field: keyof SmtpDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setAskUntested(false);
  };

  const validate = () => {
    const found = smtpErrors(draft);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const test = async () => {
    const fieldsOk = validate();
    const to = recipient.trim();
    const toError = /^[^\s@]+@[^\s@]+$/.test(to) ? undefined : 'Enter the address to send the test email to.';
    setRecipientError(toError);
    if (!fieldsOk || toError) return;
    setTesting(true);
    setOutcome(null);
    try {
      const result = await app.emails.sendTestEmail(to, smtpConfigOf(draft));
      setOutcome(
        result.success
          ? { key, ok: true, message: `Test email sent to ${to}. Check that it arrived, then save.` }
          : { key, ok: false, message: `The test email could not be sent: ${result.errorMessage}` },
      );
      onTested();
    } catch (error) {
      setOutcome({ key, ok: false, message: `The test email could not be sent: ${messageOf(error)}` });
    } finally {
      setTesting(false);
    }
  };

  const save = async (confirmed: boolean) => {
    setSaveError(null);
    if (!validate()) return;
    if (draft.mode === 'standard' && !testedOk && !confirmed) {
      setAskUntested(true);
      return;
    }
    setAskUntested(false);
    setSaving(true);
    try {
      const emailConfig =
        draft.mode === 'shared'
          ? { type: 'shared' as const }
          : { type: 'standard' as const, ...smtpConfigOf(draft) };
      const result = await app.adminProject.update({ config: { emailConfig } });
      if (result.status === 'error') {
        setSaveError(result.error.message);
        return;
      }
      setProject(result.data);
      toast(draft.mode === 'shared' ? 'The project now uses the shared email server' : 'Email server saved');
    } catch (error) {
      setSaveError(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof SmtpDraft, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={draft[name]}
      onChange={(e) => change(name)(e.target.value)}
      error={errors[name]}
      {...extra}
    />
  );

  return (
    <form
      className="signet-form"
      noValidate
      aria-label="Email server"
      onSubmit={(e) => {
        e.preventDefault();
        void save(false);
      }}
    >
      <fieldset className="console-emails-mode">
        <legend className="signet-label">Send emails through</legend>
        <label className="console-emails-choice">
          <input
            type="radio"
            name={modeName}
            checked={draft.mode === 'shared'}
            onChange={() => change('mode')('shared')}
          />{' '}
          The shared email server{' '}
          <span className="console-muted">(the signet server's own sender; default templates)</span>
        </label>
        <label className="console-emails-choice">
          <input
            type="radio"
            name={modeName}
            checked={draft.mode === 'standard'}
            onChange={() => change('mode')('standard')}
          />{' '}
          My own SMTP server{' '}
          <span className="console-muted">(your sender address; templates you can edit)</span>
        </label>
      </fieldset>
      {draft.mode === 'standard' && (
        <>
          <div className="console-emails-smtp">
            {field('host', 'SMTP host', { placeholder: 'smtp.example.com', autoComplete: 'off' })}
            {field('port', 'Port', { inputMode: 'numeric' })}
            {field('username', 'User name', { autoComplete: 'off' })}
            {field('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
            {field('senderEmail', 'Sender email', { type: 'email', placeholder: 'noreply@example.com' })}
            {field('senderName', 'Sender name')}
          </div>
          <div className="console-emails-test">
            <TextField
              label="Send a test email to"
              type="email"
              value={recipient}
              onChange={(e) => setRecipient(e.target.value)}
              error={recipientError}
              placeholder="you@example.com"
            />
            <Button variant="secondary" onClick={test} loading={testing}>
              Send test email
            </Button>
          </div>
          <div role="status" className="console-emails-outcome">
            {outcome && outcome.key === key && (
              <p className={outcome.ok ? 'console-emails-ok' : 'console-error'}>{outcome.message}</p>
            )}
            {outcome && outcome.key !== key && (
              <p className="console-muted">
                The settings changed since the last test: test them again before saving.
              </p>
            )}
          </div>
        </>
      )}
      {askUntested && (
        <fieldset className="console-emails-untested">
          <legend>
            These settings have not been tested. If they are wrong, no email reaches your users (sign-in
            codes, password resets). Save them anyway?
          </legend>
          <Actions>
            <Button onClick={() => save(true)} loading={saving} autoFocus>
              Save without testing
            </Button>
            <Button variant="secondary" onClick={() => setAskUntested(false)} disabled={saving}>
              Cancel
            </Button>
          </Actions>
        </fieldset>
      )}
      <FormError>{saveError}</FormError>
      {!askUntested && (
        <Actions>
          <Button type="submit" loading={saving} disabled={saved}>
            Save email server
          </Button>
          {draft.mode === 'standard' && !testedOk && !saved && (
            <span className="console-muted">Send a test email first.</span>
          )}
        </Actions>
      )}
    </form>
  );
}
