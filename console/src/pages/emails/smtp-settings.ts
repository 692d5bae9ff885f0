/** The email server form's values: read from the project, checked, and turned into a config. */
import type { AdminProject } from 'signet/plugins/admin-project';

/** The form's values, as typed. */
export interface SmtpDraft {
  mode: 'shared' | 'standard';
  host: string;
  port: string;
  username: string;
  password: string;
  senderEmail: string;
  senderName: string;
}

/** Errors per field, in words. */
export type SmtpErrors = Partial<Record<keyof SmtpDraft, string>>;

/** The project's saved config as the form's starting values. */
export function draftOf(project: AdminProject): SmtpDraft {
  const config = project.config.emailConfig;
  if (config.type === 'standard')
    return {
      mode: 'standard',
      host: config.host,
      port: String(config.port),
      username: config.username,
      password: config.password,
      senderEmail: config.senderEmail,
      senderName: config.senderName,
    };
  return {
    mode: 'shared',
    host: '',
    port: '587',
    username: '',
    password: '',
    senderEmail: '',
    senderName: '',
  };
}

/** What is wrong with the own-server fields of `draft` (none for the shared server). */
export function smtpErrors(draft: SmtpDraft): SmtpErrors {
  if (draft.mode === 'shared') return {};
  const errors: SmtpErrors = {};
  if (!draft.host.trim()) errors.host = 'Enter the SMTP server, e.g. smtp.example.com.';
  const port = Number(draft.port);
  if (!/^\d+$/.test(draft.port.trim()) || port < 1 || port > 65535)
    errors.port = 'Enter a port from 1 to 65535.';
  if (!draft.username.trim()) errors.username = 'Enter the user name of the SMTP account.';
  if (!draft.password) errors.password = 'Enter the password of the SMTP account.';
  if (!/^[^\s@]+@[^\s@]+$/.test(draft.senderEmail.trim()))
    errors.senderEmail = 'Enter the address emails come from, e.g. noreply@example.com.';
  if (!draft.senderName.trim()) errors.senderName = 'Enter the name recipients see, e.g. your app’s name.';
  return errors;
}

/** The SMTP fields of a valid own-server draft. */
export function smtpConfigOf(draft: SmtpDraft) {
  return {
    host: draft.host.trim(),
    port: Number(draft.port),
    username: draft.username.trim(),
    password: draft.password,
    senderEmail: draft.senderEmail.trim(),
    senderName: draft.senderName.trim(),
  };
}

/** A key that changes whenever a field that reaches the SMTP server changes (a test covers one key). */
export function draftKey(draft: SmtpDraft): string {
  return JSON.stringify(
    draft.mode === 'shared' ? { mode: 'shared' } : { mode: draft.mode, ...smtpConfigOf(draft) },
  );
}
