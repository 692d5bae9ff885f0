/**
 * The ticket plugin's screens, again through public imports only: a 'Sign in with a ticket' button
 * on the sign-in page, the page a ticket link opens (its logic is the plugin's callback route, run
 * through `app.handle`), and a 'Sign-in tickets' section in account settings.
 */

import { useEffect, useRef, useState } from 'react';
import type { Result, SignInResult } from 'signet';
import {
  Actions,
  Button,
  defineScreens,
  FieldError,
  Form,
  FullPage,
  MessageCard,
  Note,
  type ScreenContribution,
  Spinner,
  Stack,
  TextField,
  useApp,
  usePluginApi,
} from 'signet/react';
import { type Ticket, tickets } from './ticket-plugin.js';

/** On the sign-in page: paste a ticket to sign in with it. */
function TicketButton() {
  const api = usePluginApi(tickets);
  const [open, setOpen] = useState(false);
  const [ticket, setTicket] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Use a sign-in ticket
      </Button>
    );
  return (
    <Form
      name="ticket"
      onSubmit={async () => {
        const result = await api.redeem({ ticket: ticket.trim() });
        if (result.status === 'error') setError(result.error.message);
      }}
    >
      <TextField
        label="Ticket"
        value={ticket}
        error={error ?? undefined}
        onChange={(e) => setTicket(e.target.value)}
      />
      <Button type="submit">Sign in</Button>
    </Form>
  );
}

/** The page a ticket link opens: `app.handle()` runs the plugin's callback route for this URL. */
function TicketPage() {
  const app = useApp();
  const [message, setMessage] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    app
      .handle(location.href)
      .then((handled) => {
        const result = handled?.result as SignInResult<string> | undefined;
        if (result?.status === 'error') setMessage(result.error.message);
      })
      .catch((error: unknown) => setMessage((error as Error).message));
  }, [app]);
  return (
    <FullPage>
      <MessageCard title={message ? 'Could not sign you in' : 'Signing you in…'}>
        {message ? <p role="alert">{message}</p> : <Spinner />}
      </MessageCard>
    </FullPage>
  );
}

/** In account settings: create a ticket to sign in on another device. */
function TicketSection() {
  const api = usePluginApi(tickets);
  const [ticket, setTicket] = useState<Result<Ticket, string> | null>(null);
  return (
    <Stack>
      <Note>A ticket signs another device in as you, once, within five minutes.</Note>
      <Actions>
        <Button variant="secondary" onClick={async () => setTicket(await api.create())}>
          Create a sign-in ticket
        </Button>
      </Actions>
      {ticket?.status === 'ok' && (
        <Note role="status">
          Open <a href={ticket.data.url}>{ticket.data.url}</a> on the other device.
        </Note>
      )}
      {ticket?.status === 'error' && <FieldError>{ticket.error.message}</FieldError>}
    </Stack>
  );
}

/** The ticket plugin's contribution to the screens. */
export function ticketScreens(): ScreenContribution {
  return defineScreens({
    id: 'tickets',
    plugin: tickets,
    authButtons: { order: 50, when: ({ kind }) => kind === 'sign-in', Component: TicketButton },
    accountSections: [{ id: 'tickets', title: 'Sign-in tickets', order: 50, Component: TicketSection }],
    pages: { ticketSignIn: TicketPage },
  });
}
