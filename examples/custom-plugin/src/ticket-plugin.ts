/**
 * A third-party plugin, written against signet's public entry points only: sign-in tickets. A
 * signed-in user creates a one-time ticket (a link) on one device and opens it on another, which
 * is signed in as them. It shows what a plugin declares — its own calls, its own error codes, its
 * own page (`ticketSignIn`, default `/handler/ticket`) and the callback route behind it — and its
 * screens (ticket-screens.tsx) add a sign-in button and an account section.
 */
import { pluginFactory, type Result, type SignInResult, toResult, toSignInResult } from 'signet';
import { TICKET_ERROR_CODES, type TicketErrorCode } from './wire.js';

/** A ticket, as created for the signed-in user. */
export interface Ticket {
  ticket: string;
  /** The link that signs its opener in. */
  url: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** `app.tickets`. */
export interface TicketsApi {
  /** Creates a one-time ticket for the signed-in user. */
  create(): Promise<Result<Ticket, 'USER_AUTHENTICATION_REQUIRED'>>;
  /** Signs in with a ticket (what the ticket page does with the link's `ticket`). */
  redeem(input: { ticket: string; noRedirect?: boolean }): Promise<SignInResult<TicketErrorCode>>;
}

/** Options of the plugin. */
export interface TicketsOptions {
  /** The host's ticket backend, e.g. `http://localhost:8300` (see backend.ts). */
  endpoint: string;
}

/** The page a ticket link opens. */
export type TicketsUrl = 'ticketSignIn';

/** The tickets plugin. */
export const tickets = pluginFactory('tickets', (options: TicketsOptions) => {
  const endpoint = options.endpoint.replace(/\/$/, '');
  return {
    errorCodes: TICKET_ERROR_CODES,
    urls: { ticketSignIn: 'ticket' },
    callbacks: {
      ticketSignIn: ({ searchParams }, api: TicketsApi) =>
        api.redeem({ ticket: searchParams.get('ticket') ?? '' }),
    },
    setup: (ctx): TicketsApi => ({
      create: () =>
        toResult(async () => {
          const accessToken = await ctx.getAccessToken();
          if (!accessToken) throw new Error('Sign in to create a ticket.');
          const json = await ctx.http.request<{ ticket: string; expires_at: number }>(`${endpoint}/tickets`, {
            method: 'POST',
            body: {},
            headers: { authorization: `Bearer ${accessToken}` },
          });
          const url = new URL(ctx.absoluteUrl(ctx.urls.ticketSignIn));
          url.searchParams.set('ticket', json.ticket);
          return { ticket: json.ticket, url: url.href, expiresAt: json.expires_at };
        }, ['USER_AUTHENTICATION_REQUIRED']),
      redeem: ({ ticket, noRedirect }) =>
        toSignInResult(
          () =>
            ctx.signIn(
              () =>
                ctx.http.request(`${endpoint}/tickets/redeem`, {
                  method: 'POST',
                  body: { ticket },
                }),
              { method: 'ticket', noRedirect },
            ),
          TICKET_ERROR_CODES,
        ),
    }),
  };
});
