/**
 * The console's Webhooks page in happy-dom, over a fake admin app: an endpoint is added with the
 * event types chosen (or all), a bad URL is refused in words; the signing secret stays hidden until
 * revealed and rotates only after a confirmation; an attempt shows its status, HTTP code and
 * answer, and Resend sends its message to its endpoint; a message can be sent to an endpoint the
 * admin picks; deleting asks first; the empty states.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminApp } from '../../console/src/admin/admin-app.js';
import { ProjectAdminProvider } from '../../console/src/admin/admin-context.js';
import WebhooksPage from '../../console/src/pages/webhooks/index.js';
import { ToastProvider } from '../../console/src/shell/toasts.js';
import type { AdminProject } from '../../plugins/admin-project/index.js';
import type {
  WebhookAttempt,
  WebhookEndpoint,
  WebhookEndpointInput,
} from '../../plugins/admin-webhooks/index.js';

afterEach(() => cleanup());

const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 'ep1',
  url: 'https://hooks.example.com/in',
  description: 'Billing',
  disabled: false,
  eventTypes: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...over,
});
const message = {
  id: 'msg1',
  eventType: 'user.created' as const,
  payload: { type: 'user.created' as const, data: {} },
  timestamp: new Date(),
};
const attempt: WebhookAttempt = {
  id: 'att1',
  messageId: 'msg1',
  endpointId: 'ep1',
  url: 'https://hooks.example.com/in',
  status: 'fail',
  responseStatusCode: 503,
  response: 'upstream   unavailable\n',
  responseDurationMs: 41,
  trigger: 'scheduled',
  timestamp: new Date(),
  message,
};

function renderPage(initial: WebhookEndpoint[] = []) {
  let list = [...initial];
  let secret = 'whsec_first';
  const webhooks = {
    listEndpoints: vi.fn(async () => list),
    createEndpoint: vi.fn(async (input: WebhookEndpointInput) => {
      const created = endpoint({
        id: 'ep2',
        url: input.url,
        description: input.description ?? '',
        eventTypes: input.eventTypes ?? null,
      });
      list = [created, ...list];
      return created;
    }),
    updateEndpoint: vi.fn(async (id: string, changes: Partial<WebhookEndpointInput>) => ({
      ...list.find((e) => e.id === id)!,
      ...changes,
    })),
    deleteEndpoint: vi.fn(async () => {}),
    revealSecret: vi.fn(async () => secret),
    rotateSecret: vi.fn(async () => {
      secret = 'whsec_second';
    }),
    listMessages: vi.fn(async () => ({ items: [message], next: null, done: true })),
    listAttempts: vi.fn(async () => ({ items: [attempt], next: null, done: true })),
    listMessageAttempts: vi.fn(async () => ({ items: [attempt], next: null, done: true })),
    resend: vi.fn(async () => {}),
  };
  render(
    <ToastProvider>
      <ProjectAdminProvider
        value={{
          projectId: 'p1',
          app: { webhooks } as unknown as AdminApp,
          project: {} as AdminProject,
          reload: async () => {},
          setProject: () => {},
        }}
      >
        <WebhooksPage params={{ projectId: 'p1' }} />
      </ProjectAdminProvider>
    </ToastProvider>,
  );
  return webhooks;
}

describe('console webhooks page', () => {
  it('adds an endpoint with chosen event types, refusing a bad URL and an empty choice in words', async () => {
    const webhooks = renderPage();
    await screen.findByText('No endpoints yet');
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = within(screen.getByRole('region', { name: 'New endpoint' }));
    fireEvent.change(form.getByLabelText('Endpoint URL'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(form.getByRole('radio', { name: 'Only these events' }));
    fireEvent.click(form.getByRole('button', { name: 'Add endpoint' }));
    await form.findByText(/Enter the full URL of your receiver/);
    form.getByText('Choose at least one event, or send all events.');
    expect(webhooks.createEndpoint).not.toHaveBeenCalled();

    fireEvent.change(form.getByLabelText('Endpoint URL'), {
      target: { value: 'https://hooks.example.com/new' },
    });
    fireEvent.change(form.getByLabelText('Description (optional)'), { target: { value: 'Sync' } });
    fireEvent.click(form.getByRole('checkbox', { name: /user\.deleted/ }));
    fireEvent.click(form.getByRole('checkbox', { name: /team\.created/ }));
    fireEvent.click(form.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() =>
      expect(webhooks.createEndpoint).toHaveBeenCalledWith({
        url: 'https://hooks.example.com/new',
        description: 'Sync',
        eventTypes: ['user.deleted', 'team.created'],
      }),
    );
    await screen.findByText('Endpoint added');
    within(screen.getByRole('table', { name: 'Webhook endpoints' })).getByText('user.deleted, team.created');
  });

  it('keeps the secret hidden until revealed, and rotates it only after a confirmation', async () => {
    const webhooks = renderPage([endpoint()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage https://hooks.example.com/in' }));
    const detail = within(screen.getByRole('region', { name: 'Endpoint' }));
    expect(detail.queryByText('whsec_first')).toBeNull();
    expect(webhooks.revealSecret).not.toHaveBeenCalled();
    fireEvent.click(detail.getByRole('button', { name: 'Reveal secret' }));
    await detail.findByText('whsec_first');
    detail.getByRole('button', { name: 'Copy Signing secret' });

    fireEvent.click(detail.getByRole('button', { name: 'Rotate secret' }));
    expect(webhooks.rotateSecret).not.toHaveBeenCalled();
    detail.getByText(/keeps signing beside it for 24 hours/);
    fireEvent.click(detail.getByRole('button', { name: 'Yes, rotate' }));
    await detail.findByText('whsec_second');
    expect(webhooks.rotateSecret).toHaveBeenCalledWith('ep1');
    fireEvent.click(detail.getByRole('button', { name: 'Hide secret' }));
    expect(detail.queryByText('whsec_second')).toBeNull();
  });

  it('shows each attempt with its status, HTTP code and answer, and resends its message', async () => {
    const webhooks = renderPage([endpoint()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage https://hooks.example.com/in' }));
    const detail = within(screen.getByRole('region', { name: 'Endpoint' }));
    const row = within((await detail.findByText('HTTP 503')).closest('tr')!);
    row.getByText('Failed');
    row.getByText('upstream unavailable');
    fireEvent.click(row.getByRole('button', { name: /^Resend/ }));
    await waitFor(() => expect(webhooks.resend).toHaveBeenCalledWith('msg1', 'ep1'));
    await screen.findByText('Message sent again');

    // The recent messages open their attempts to every endpoint.
    const messages = within(screen.getByRole('region', { name: 'Recent messages' }));
    fireEvent.click(await messages.findByRole('button', { name: 'Show attempts' }));
    await messages.findByRole('table', { name: 'Attempts of the user.created message' });
    expect(webhooks.listMessageAttempts).toHaveBeenCalledWith('msg1', { limit: 50 });
  });

  it('sends a message no endpoint got to the endpoint the admin picks', async () => {
    const webhooks = renderPage([
      endpoint(),
      endpoint({ id: 'ep2', url: 'https://later.example.com/in', description: '' }),
    ]);
    webhooks.listMessageAttempts.mockResolvedValue({ items: [], next: null, done: true });
    const messages = within(screen.getByRole('region', { name: 'Recent messages' }));
    fireEvent.click(await messages.findByRole('button', { name: 'Show attempts' }));
    await messages.findByText(/No endpoint was sent this message/);
    const choice = await messages.findByLabelText('Send this message to');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Billing (https://hooks.example.com/in)', 'https://later.example.com/in']);
    fireEvent.change(choice, { target: { value: 'ep2' } });
    fireEvent.click(messages.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(webhooks.resend).toHaveBeenCalledWith('msg1', 'ep2'));
    await screen.findByText('Message sent');
    // The attempts are read again, to show the new one.
    await waitFor(() => expect(webhooks.listMessageAttempts).toHaveBeenCalledTimes(2));

    // A refusal is said in words, and the button is free again.
    webhooks.resend.mockRejectedValueOnce(new Error('Endpoint not found.'));
    fireEvent.click(await messages.findByRole('button', { name: 'Send' }));
    await screen.findByText('The message could not be sent. Endpoint not found.');
    await waitFor(() =>
      expect((messages.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false),
    );
    // The choice is the page's own list: the endpoints were read once, not again per message shown.
    expect(webhooks.listEndpoints).toHaveBeenCalledTimes(1);
  });

  it('disables at once, and deletes only after a confirmation', async () => {
    const webhooks = renderPage([endpoint()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage https://hooks.example.com/in' }));
    const detail = within(screen.getByRole('region', { name: 'Endpoint' }));
    fireEvent.click(detail.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(webhooks.updateEndpoint).toHaveBeenCalledWith('ep1', { disabled: true }));
    await detail.findByRole('button', { name: 'Enable' });

    fireEvent.click(detail.getByRole('button', { name: 'Delete endpoint' }));
    expect(webhooks.deleteEndpoint).not.toHaveBeenCalled();
    fireEvent.click(detail.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(webhooks.deleteEndpoint).toHaveBeenCalledWith('ep1'));
    await screen.findByText('No endpoints yet');
    expect(screen.queryByRole('region', { name: 'Endpoint' })).toBeNull();
  });
});
