/**
 * The console's Emails page in happy-dom, over a fake admin app: own SMTP settings are tested by
 * sending to a typed address before saving (saving untested ones asks first, and a changed field
 * needs a new test); the template editor asks the server for a preview once on opening and once
 * per pause in typing (300 ms), shows it in a fully sandboxed frame, lists the variables, and
 * resets only after a confirmation; the sent emails log and its empty state.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminApp } from '../../console/src/admin/admin-app.js';
import { ProjectAdminProvider } from '../../console/src/admin/admin-context.js';
import EmailsPage from '../../console/src/pages/emails/index.js';
import { ToastProvider } from '../../console/src/shell/toasts.js';
import type { EmailTemplate, SentEmail, TemplatePreview } from '../../plugins/admin-emails/index.js';
import type { AdminProject } from '../../plugins/admin-project/index.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const doc = (heading: string) => ({
  h: { type: 'Heading', data: { props: { text: heading } } },
  root: { type: 'EmailLayout', data: { childrenIds: ['h'] } },
});
const TEMPLATES: EmailTemplate[] = [
  { type: 'email_verification', subject: 'Verify', content: doc('Verify'), isDefault: true },
  {
    type: 'password_reset',
    subject: 'Reset at {{ projectDisplayName }}',
    content: doc('Reset'),
    isDefault: false,
  },
  { type: 'magic_link', subject: 'Code {{ otp }}', content: doc('Sign in'), isDefault: true },
  { type: 'team_invitation', subject: 'Join', content: doc('Join'), isDefault: true },
];
const preview = (subject: string): TemplatePreview => ({
  subject,
  html: `<!doctype html><html><body><h2>${subject}</h2><script>parent.hacked = true</script></body></html>`,
  text: subject,
  variables: [{ name: 'projectDisplayName', description: "The project's display name", example: 'Acme' }],
});

function project(emailConfig: AdminProject['config']['emailConfig'] = { type: 'shared' }): AdminProject {
  return { id: 'p1', displayName: 'Acme', config: { emailConfig } } as unknown as AdminProject;
}

function renderPage(options: { project?: AdminProject; sent?: SentEmail[] } = {}) {
  const emails = {
    listTemplates: vi.fn(async () => TEMPLATES),
    previewTemplate: vi.fn(async (_type: string, draft: { subject?: string } = {}) =>
      preview(draft.subject ?? ''),
    ),
    updateTemplate: vi.fn(async () => TEMPLATES[1]),
    resetTemplate: vi.fn(async () => {}),
    sentEmails: vi.fn(async () => options.sent ?? []),
    sendTestEmail: vi.fn(
      async (): Promise<{ success: true } | { success: false; errorMessage: string }> => ({ success: true }),
    ),
  };
  const update = vi.fn(async (u: { config: { emailConfig: unknown } }) => ({
    status: 'ok' as const,
    data: { ...project(), config: { emailConfig: u.config.emailConfig } } as unknown as AdminProject,
  }));
  const app = { emails, adminProject: { update } } as unknown as AdminApp;
  const setProject = vi.fn();
  render(
    <ToastProvider>
      <ProjectAdminProvider
        value={{
          projectId: 'p1',
          app,
          project: options.project ?? project(),
          reload: async () => {},
          setProject,
        }}
      >
        <EmailsPage params={{ projectId: 'p1' }} />
      </ProjectAdminProvider>
    </ToastProvider>,
  );
  return { emails, update, setProject };
}

const server = () => within(screen.getByRole('region', { name: 'Email server' }));
const type = (label: string, value: string) =>
  fireEvent.change(server().getByLabelText(label), { target: { value } });

function fillSmtp() {
  fireEvent.click(server().getByRole('radio', { name: /My own SMTP server/ }));
  type('SMTP host', 'smtp.example.com');
  type('Port', '2525');
  type('User name', 'mailer');
  type('Password', 's3cret');
  type('Sender email', 'noreply@example.com');
  type('Sender name', 'Acme');
}

describe('console emails page: the email server', () => {
  it('asks before saving settings that were not tested, and saves nothing on Cancel', async () => {
    const { update } = renderPage();
    fillSmtp();
    fireEvent.click(server().getByRole('button', { name: 'Save email server' }));
    await screen.findByText(/These settings have not been tested/);
    expect(update).not.toHaveBeenCalled();
    fireEvent.click(server().getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(/These settings have not been tested/)).toBeNull();
    fireEvent.click(server().getByRole('button', { name: 'Save email server' }));
    fireEvent.click(await server().findByRole('button', { name: 'Save without testing' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![0].config.emailConfig).toEqual({
      type: 'standard',
      host: 'smtp.example.com',
      port: 2525,
      username: 'mailer',
      password: 's3cret',
      senderEmail: 'noreply@example.com',
      senderName: 'Acme',
    });
    await screen.findByText('Email server saved');
  });

  it('sends a test to the typed address, shows the SMTP refusal in words, and saves at once after a passed test', async () => {
    const { emails, update, setProject } = renderPage();
    fillSmtp();
    fireEvent.click(server().getByRole('button', { name: 'Send test email' }));
    await server().findByText('Enter the address to send the test email to.');
    expect(emails.sendTestEmail).not.toHaveBeenCalled();

    emails.sendTestEmail.mockResolvedValueOnce({
      success: false,
      errorMessage: 'Invalid username or password.',
    });
    type('Send a test email to', 'me@example.com');
    fireEvent.click(server().getByRole('button', { name: 'Send test email' }));
    await server().findByText('The test email could not be sent: Invalid username or password.');
    expect(emails.sendTestEmail).toHaveBeenCalledWith(
      'me@example.com',
      expect.objectContaining({ port: 2525 }),
    );

    type('Password', 'right one');
    await server().findByText(/The settings changed since the last test/);
    fireEvent.click(server().getByRole('button', { name: 'Send test email' }));
    await server().findByText('Test email sent to me@example.com. Check that it arrived, then save.');
    expect(emails.sendTestEmail).toHaveBeenLastCalledWith(
      'me@example.com',
      expect.objectContaining({ password: 'right one' }),
    );
    fireEvent.click(server().getByRole('button', { name: 'Save email server' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/These settings have not been tested/)).toBeNull();
    await waitFor(() => expect(setProject).toHaveBeenCalled());

    // A field changed after a passed test needs a new test (or the explicit choice) again.
    type('SMTP host', 'other.example.com');
    fireEvent.click(server().getByRole('button', { name: 'Save email server' }));
    await screen.findByText(/These settings have not been tested/);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('refuses incomplete settings in words before any request', async () => {
    const { emails, update } = renderPage();
    fireEvent.click(server().getByRole('radio', { name: /My own SMTP server/ }));
    type('Port', '99999');
    type('Send a test email to', 'me@example.com');
    fireEvent.click(server().getByRole('button', { name: 'Send test email' }));
    await server().findByText('Enter a port from 1 to 65535.');
    server().getByText('Enter the SMTP server, e.g. smtp.example.com.');
    fireEvent.click(server().getByRole('button', { name: 'Save email server' }));
    expect(emails.sendTestEmail).not.toHaveBeenCalled();
    expect(update).not.toHaveBeenCalled();
  });
});

describe('console emails page: templates', () => {
  it('previews once on opening, then once per pause in typing, in a sandboxed frame', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { emails } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the Password reset template' }));
    await waitFor(() => expect(emails.previewTemplate).toHaveBeenCalledTimes(1));
    expect(emails.previewTemplate).toHaveBeenLastCalledWith('password_reset', {
      subject: 'Reset at {{ projectDisplayName }}',
      content: TEMPLATES[1]!.content,
    });
    const frame = await screen.findByTitle('Preview of the Password reset email');
    expect(frame.tagName).toBe('IFRAME');
    // Every sandbox restriction on: the template's HTML runs no script and cannot navigate.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<h2>Reset at {{ projectDisplayName }}</h2>');
    screen.getByText('{{ projectDisplayName }}', { selector: 'code' });

    vi.useFakeTimers();
    const subject = screen.getByLabelText('Subject');
    for (const value of ['N', 'Ne', 'New']) {
      fireEvent.change(subject, { target: { value } });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(emails.previewTemplate).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(300));
    expect(emails.previewTemplate).toHaveBeenCalledTimes(2);
    expect(emails.previewTemplate).toHaveBeenLastCalledWith(
      'password_reset',
      expect.objectContaining({ subject: 'New' }),
    );
    vi.useRealTimers();
    await waitFor(() =>
      expect(screen.getByTitle('Preview of the Password reset email').getAttribute('srcdoc')).toContain(
        '<h2>New</h2>',
      ),
    );

    // The body's text is edited block by block, and previewed the same way.
    fireEvent.change(screen.getByLabelText('Heading 1'), { target: { value: 'Choose a new password' } });
    await waitFor(() => expect(emails.previewTemplate).toHaveBeenCalledTimes(3));
    const content = (emails.previewTemplate.mock.calls[2] as unknown[])[1] as { content: any };
    expect(content.content.h.data.props.text).toBe('Choose a new password');
  });

  it('cannot save on the shared email server, says why, and resets only after a confirmation', async () => {
    const { emails } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the Password reset template' }));
    await screen.findByText(
      /Templates can be changed only when the project sends through its own SMTP server/,
    );
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Changed' } });
    expect((screen.getByRole('button', { name: 'Save template' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(emails.resetTemplate).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, reset' }));
    await waitFor(() => expect(emails.resetTemplate).toHaveBeenCalledWith('password_reset'));
    await screen.findByText('Password reset template reset to the default');
  });

  it('saves the subject and body on the project’s own SMTP server', async () => {
    const { emails } = renderPage({
      project: project({
        type: 'standard',
        host: 'h',
        port: 25,
        username: 'u',
        password: 'p',
        senderEmail: 'a@b.c',
        senderName: 'A',
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the Email verification template' }));
    // A default template has nothing to reset.
    expect(screen.queryByRole('button', { name: 'Reset to default' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Subject'), {
      target: { value: 'Confirm {{ projectDisplayName }}' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() =>
      expect(emails.updateTemplate).toHaveBeenCalledWith('email_verification', {
        subject: 'Confirm {{ projectDisplayName }}',
        content: TEMPLATES[0]!.content,
      }),
    );
    await screen.findByText('Email verification template saved');
  });
});

describe('console emails page: sent emails', () => {
  it('says none were sent yet', async () => {
    renderPage();
    await screen.findByText('No emails sent yet');
  });

  it('lists each email with its recipient, subject, time and delivery status', async () => {
    const base = { senderConfig: { type: 'standard' } };
    renderPage({
      sent: [
        {
          ...base,
          id: 'e1',
          to: ['ada@example.com'],
          subject: 'Your code',
          sentAt: Date.UTC(2026, 0, 2),
          error: null,
        },
        {
          ...base,
          id: 'e2',
          to: ['bob@example.com'],
          subject: 'Reset',
          sentAt: Date.UTC(2026, 0, 1),
          error: { message: 'Connection refused', code: 'ESOCKET' },
        },
      ],
    });
    const table = within(await screen.findByRole('table', { name: 'The latest 100 emails sent' }));
    const rows = table.getAllByRole('row');
    expect(rows).toHaveLength(3);
    within(rows[1]!).getByText('ada@example.com');
    within(rows[1]!).getByText('Sent');
    within(rows[2]!).getByText('Failed');
    within(rows[2]!).getByText('Connection refused');
  });
});
