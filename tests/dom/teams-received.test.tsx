/**
 * The invitations a user received, in a DOM against a fake API: what each row says, Join, Decline
 * after confirming, one that is gone meanwhile (404), refusals and a failed load in words.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { teams } from '../../plugins/teams/index.js';
import { expiryText, ReceivedInvitations } from '../../plugins/teams/received-invitations.js';
import { json, knownError, type Route } from '../support/fake-api.js';
import { renderWithApp } from './render-app.js';

afterEach(() => cleanup());

const DAY = 24 * 60 * 60 * 1000;
const invitation = (id: string, team: string, inDays = 6) => ({
  id,
  team_id: `team-${id}`,
  recipient_email: 'u1@example.com',
  expires_at_millis: Date.now() + inDays * DAY + 60_000,
  team_display_name: team,
});
const teamJson = (id: string, name: string) => ({
  id,
  display_name: name,
  profile_image_url: null,
  client_metadata: null,
  client_read_only_metadata: null,
});
const calls = (requests: Request[], method: string, path: string) =>
  requests.filter((r) => r.method === method && new URL(r.url).pathname === `/api/v1${path}`);

describe('received invitations', () => {
  function received(
    routes: Record<string, Route> = {},
    items = [invitation('i1', 'Acme'), invitation('i2', 'Beta')],
  ) {
    let pending = items;
    const joined: ReturnType<typeof teamJson>[] = [];
    return renderWithApp(<ReceivedInvitations />, {
      plugins: [teams()],
      userId: 'u1',
      routes: {
        'GET /team-invitations': () => json({ items: pending, is_paginated: false }),
        'GET /teams': () => json({ items: joined, is_paginated: false }),
        'POST /team-invitations/i1/accept': () => {
          pending = pending.filter((i) => i.id !== 'i1');
          joined.push(teamJson('team-i1', 'Acme'));
          return json({});
        },
        'POST /team-invitations/i2/decline': () => {
          pending = pending.filter((i) => i.id !== 'i2');
          return json({});
        },
        ...routes,
      },
    });
  }

  it('lists each invitation with its team, the address it was sent to and its expiry', async () => {
    received();
    const list = await screen.findByRole('list', { name: 'Invitations you received' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Acme')).toBeTruthy();
    expect(within(rows[0]!).getByText('Sent to u1@example.com')).toBeTruthy();
    expect(within(rows[0]!).getByText(/^Expires in 6 days \(/)).toBeTruthy();
  });

  it('Join joins the team: the invitation leaves the list and the team list is reloaded', async () => {
    const { requests, app } = received();
    fireEvent.click(await screen.findByRole('button', { name: 'Join Acme' }));
    expect((await screen.findByRole('status')).textContent).toBe('You joined Acme.');
    expect(calls(requests, 'POST', '/team-invitations/i1/accept')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Join Acme' })).toBeNull());
    await waitFor(() => {
      const list = app.teams.list.peek();
      expect(list.status === 'ok' && list.data.map((t) => t.id)).toEqual(['team-i1']);
    });
  });

  it('Decline asks first, then declines', async () => {
    const { requests } = received();
    const row = (await screen.findByText('Beta')).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Decline' }));
    expect(within(row).getByText(/Decline the invitation to Beta\?/)).toBeTruthy();
    expect(calls(requests, 'POST', '/team-invitations/i2/decline')).toEqual([]);
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, decline' }));
    expect((await screen.findByRole('status')).textContent).toBe('You declined the invitation to Beta.');
    expect(calls(requests, 'POST', '/team-invitations/i2/decline')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Beta')).toBeNull());
  });

  it('an invitation that is gone (404) says so and leaves the list', async () => {
    // No route for i2's accept: the fake API answers 404, as the server does for a gone invitation.
    received();
    fireEvent.click(await screen.findByRole('button', { name: 'Join Beta' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation is no longer valid.');
    expect(screen.queryByText('Beta')).toBeNull();
    expect(screen.getByText('Acme')).toBeTruthy();
  });

  it('a refusal of the server shows its message', async () => {
    received({
      'POST /team-invitations/i1/accept': () =>
        knownError('VERIFICATION_CODE_EXPIRED', 'The code has expired.'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join Acme' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code has expired.');
  });

  it('says "No pending invitations" when there are none, and a failed load in words', async () => {
    received({}, []);
    expect(await screen.findByText('No pending invitations')).toBeTruthy();
    cleanup();
    received({ 'GET /team-invitations': () => new Response('down', { status: 500 }) });
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toMatch(
      /^Your invitations could not be loaded: /,
    );
  });

  it('writes the expiry relative and exact', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(expiryText(now + 2 * DAY + 5, now)).toMatch(/^Expires in 2 days \(.+\)$/);
    expect(expiryText(now + DAY, now)).toMatch(/^Expires in 1 day \(/);
    expect(expiryText(now + 5 * DAY - 60 * 60 * 1000, now)).toMatch(/^Expires in 5 days \(/);
    expect(expiryText(now + 3 * 60 * 60 * 1000, now)).toMatch(/^Expires in 3 hours \(/);
    expect(expiryText(now + 60_000, now)).toMatch(/^Expires in less than an hour \(/);
    expect(expiryText(now - 1, now)).toMatch(/^Expired /);
  });
});
