/**
 * The two-factor section of account settings. Off: set it up — a QR code drawn in the page and
 * the key to type by hand, then a code from the app proves it has the secret before anything is
 * saved; the recovery codes are shown once right after. On: make new recovery codes, or turn it
 * off with a current code (or a recovery code).
 */
import { useState } from 'react';
import type { CurrentUser } from '../../core/index.js';
import {
  Actions,
  Badge,
  Button,
  Code,
  CodeList,
  ConfirmButton,
  FieldError,
  Form,
  FormIntro,
  Note,
  QrCode,
  Stack,
  TextField,
  useAuthSubmit,
  usePluginApi,
} from '../../react/index.js';
import { AuthenticatorCodeField } from './code-field.js';
import { INVALID_TOTP_CODE_MESSAGE, type TotpEnrollment, totp } from './index.js';

type Step =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrollment: TotpEnrollment }
  | { kind: 'codes'; codes: string[] };

/** The manual key in groups of four, as authenticator apps show it. */
const grouped = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

/** The two-factor section. */
export function TwoFactorSection({ user }: { user: CurrentUser }) {
  const api = usePluginApi(totp);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  const newCodes = async () => {
    setFailure(null);
    try {
      setStep({ kind: 'codes', codes: await api.createRecoveryCodes() });
    } catch (error) {
      setFailure(`Recovery codes could not be made: ${(error as Error).message}`);
    }
  };

  if (step.kind === 'codes')
    return <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />;
  if (step.kind === 'enrolling') {
    return (
      <Enrollment
        enrollment={step.enrollment}
        onEnabled={() => void newCodes()}
        onCancel={() => setStep({ kind: 'idle' })}
      />
    );
  }
  const alert = <FieldError>{failure}</FieldError>;
  if (!user.isMultiFactorRequired) {
    return (
      <Stack>
        <Note>
          Two-factor authentication is off. With it on, signing in also asks for a code from an authenticator
          app on your phone.
        </Note>
        {alert}
        <Actions>
          <Button
            variant="primary"
            onClick={() => setStep({ kind: 'enrolling', enrollment: api.createEnrollment() })}
          >
            Set up two-factor authentication
          </Button>
        </Actions>
      </Stack>
    );
  }
  return (
    <Stack>
      <Note>
        Two-factor authentication is on <Badge tone="ok">On</Badge>
      </Note>
      {alert}
      <Actions>
        <ConfirmButton
          label="Make new recovery codes"
          question="New codes replace the ones you saved; those stop working."
          confirmLabel="Yes, make new codes"
          onConfirm={newCodes}
        />
      </Actions>
      <TurnOff />
    </Stack>
  );
}

/** Scan or type the secret, then prove it with a code. */
function Enrollment({
  enrollment,
  onEnabled,
  onCancel,
}: {
  enrollment: TotpEnrollment;
  onEnabled: () => void;
  onCancel: () => void;
}) {
  const api = usePluginApi(totp);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const confirm = useAuthSubmit(async (typed: string) => {
    setMessage(null);
    try {
      const result = await api.enable(enrollment, typed);
      if (result.status === 'ok') onEnabled();
      else {
        setCode('');
        setMessage(INVALID_TOTP_CODE_MESSAGE);
      }
    } catch (error) {
      setMessage(`Two-factor authentication could not be turned on: ${(error as Error).message}`);
    }
  });
  return (
    <Form name="totp-enroll" onSubmit={() => void confirm.submit(code)}>
      <FormIntro>Scan this QR code with your authenticator app</FormIntro>
      <QrCode value={enrollment.uri} label="QR code for your authenticator app" />
      <Note>
        Can't scan it? Enter this key instead:{' '}
        <Code data-testid="totp-manual-key">{grouped(enrollment.manualKey)}</Code>
      </Note>
      <FormIntro>Then enter the 6-digit code the app shows</FormIntro>
      <AuthenticatorCodeField
        value={code}
        onChange={(value) => {
          setCode(value);
          setMessage(null);
        }}
        onComplete={(value) => void confirm.submit(value)}
        pending={confirm.pending}
        message={message}
      />
      <Actions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </Actions>
    </Form>
  );
}

/** The recovery codes, shown this once. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Stack>
      <Note role="status">
        Save these recovery codes somewhere safe. Each signs you in once if you lose your phone. They are
        shown only now.
      </Note>
      <CodeList label="Recovery codes" codes={codes} />
      <Actions>
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(codes.join('\n')).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="primary" onClick={onDone}>
          I have saved them
        </Button>
      </Actions>
    </Stack>
  );
}

/** Turning it off takes a current code or a recovery code. */
function TurnOff() {
  const api = usePluginApi(totp);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const turnOff = useAuthSubmit(async () => {
    setMessage(null);
    try {
      const result = await api.disable(code);
      if (result.status === 'error') setMessage(INVALID_TOTP_CODE_MESSAGE);
    } catch (error) {
      setMessage(`Two-factor authentication could not be turned off: ${(error as Error).message}`);
    }
  });
  if (!open) {
    return (
      <Actions>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Turn off two-factor authentication
        </Button>
      </Actions>
    );
  }
  return (
    <Form name="totp-disable" onSubmit={() => void turnOff.submit()}>
      <TextField
        label="Code from your authenticator app, or a recovery code"
        name="totp-disable-code"
        autoComplete="one-time-code"
        spellCheck={false}
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={message ?? undefined}
      />
      <Actions>
        <Button type="submit" variant="primary" loading={turnOff.pending}>
          Turn off
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Actions>
    </Form>
  );
}
