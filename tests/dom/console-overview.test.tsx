/**
 * The console's Overview page in a DOM, on the real admin-metrics plugin over a fake API: the
 * figures, the recent users linking to their pages, the charts' accessible names and tables, the
 * loading and error states; and the charts' life with chart.js stood in for: only the parts drawn
 * are registered, each chart is made in the theme's colours, remade when the colour scheme
 * changes, and destroyed when the page goes.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminApp } from '../../console/src/admin/admin-app.js';
import { ProjectAdminProvider } from '../../console/src/admin/admin-context.js';
import OverviewPage from '../../console/src/pages/overview/index.js';
import { translucent } from '../../console/src/pages/overview/metric-chart.js';
import { summarizeActive, summarizeDaily } from '../../console/src/pages/overview/series.js';
import { createApp } from '../../core/index.js';
import { adminMetrics } from '../../plugins/admin-metrics/index.js';
import type { AdminProject } from '../../plugins/admin-project/index.js';
import type { MetricsJson } from '../../wire/index.js';
import { fakeApi, json, knownError, type Route } from '../support/fake-api.js';
import { clientUserJson } from '../support/fake-wire.js';

const charts = vi.hoisted(() => ({
  made: [] as Array<{ canvas: HTMLCanvasElement; config: any; destroyed: boolean }>,
  registered: [] as unknown[],
}));

vi.mock('chart.js', () => {
  const part = (name: string) => ({ id: name });
  class Chart {
    static register(...parts: unknown[]) {
      charts.registered.push(...parts);
    }
    record: { canvas: HTMLCanvasElement; config: any; destroyed: boolean };
    constructor(canvas: HTMLCanvasElement, config: unknown) {
      this.record = { canvas, config, destroyed: false };
      charts.made.push(this.record);
    }
    destroy() {
      this.record.destroyed = true;
    }
  }
  return {
    Chart,
    BarController: part('bar'),
    BarElement: part('barElement'),
    CategoryScale: part('category'),
    Filler: part('filler'),
    LinearScale: part('linear'),
    LineController: part('line'),
    LineElement: part('lineElement'),
    PointElement: part('point'),
    Tooltip: part('tooltip'),
  };
});

// happy-dom has no 2D canvas; the page draws only where there is one.
const realGetContext = HTMLCanvasElement.prototype.getContext;
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => ({})) as never;
});
afterAll(() => {
  HTMLCanvasElement.prototype.getContext = realGetContext;
});
afterEach(() => {
  cleanup();
  charts.made.length = 0;
  document.documentElement.style.removeProperty('--signet-color-primary');
});

const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 10, 26);

function daily(values: (i: number) => number) {
  return Array.from({ length: 31 }, (_, i) => ({
    date: new Date(TODAY - (30 - i) * DAY).toISOString().slice(0, 10),
    activity: values(i),
  }));
}

function serverUser(id: string, name: string | null, signedUp: number, active: number) {
  return {
    ...clientUserJson(id),
    display_name: name,
    signed_up_at_millis: signedUp,
    primary_email_auth_enabled: true,
    server_metadata: null,
    last_active_at_millis: active,
  };
}

const METRICS: MetricsJson = {
  total_users: 1234,
  daily_users: daily((i) => (i === 27 ? 5 : i % 10 === 0 ? 1 : 0)),
  daily_active_users: daily((i) => (i === 30 ? 3 : i === 20 ? 7 : 1)),
  users_by_country: {},
  recently_registered: [
    serverUser('u-new', 'Ada', TODAY, TODAY),
    serverUser('u/2', null, TODAY - DAY, TODAY),
  ],
  recently_active: [serverUser('u-act', 'Grace', TODAY - 5 * DAY, TODAY)],
  login_methods: [
    { method: 'password', count: 4 },
    { method: 'github', count: 9 },
    { method: 'otp', count: 1 },
  ],
};

function renderOverview(route: Route = () => json(METRICS)) {
  const api = fakeApi({ 'GET /internal/metrics': route });
  const app = createApp({
    projectId: 'p1',
    baseUrl: 'http://api.test',
    tokenStore: 'memory',
    redirectMethod: 'none',
    fetch: api.fetch,
    adminAccessToken: async () => 'owner-token',
    plugins: [adminMetrics()],
  }) as unknown as AdminApp;
  const value = {
    projectId: 'p1',
    app,
    project: { id: 'p1', displayName: 'Shop' } as AdminProject,
    reload: async () => {},
    setProject: () => {},
  };
  const rendered = render(
    <ProjectAdminProvider value={value}>
      <OverviewPage />
    </ProjectAdminProvider>,
  );
  return { ...rendered, requests: api.requests };
}

const region = (name: string) => screen.getByRole('region', { name });

describe('the overview', () => {
  it('shows the figures: total users, sign-ups over the period, active today', async () => {
    const { requests } = renderOverview();
    expect(screen.getByRole('status', { name: "Loading the project's figures" })).toBeTruthy();
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    expect(figures.textContent).toContain('Total users');
    expect(figures.textContent).toContain((1234).toLocaleString());
    expect(figures.textContent).toMatch(/Sign-ups, last 30 days\s*9/);
    expect(figures.textContent).toMatch(/Active today\s*3/);
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    expect(screen.getByText(/^Shop: users, sign-ups and activity/)).toBeTruthy();
    expect(requests[0]!.headers.get('x-stack-admin-access-token')).toBe('owner-token');
  });

  it('lists recent sign-ups and recently active users, each linking to the user', async () => {
    renderOverview();
    const signUps = await screen.findByRole('table', { name: 'Recent sign-ups' });
    expect(within(signUps).getByRole('link', { name: 'Ada' }).getAttribute('href')).toBe(
      '/console/projects/p1/users/u-new',
    );
    // A user without a name is shown by email; ids are encoded as one path segment.
    expect(within(signUps).getByRole('link', { name: 'u/2@example.com' }).getAttribute('href')).toBe(
      '/console/projects/p1/users/u%2F2',
    );
    const active = screen.getByRole('table', { name: 'Recently active users' });
    expect(within(active).getByRole('link', { name: 'Grace' }).getAttribute('href')).toBe(
      '/console/projects/p1/users/u-act',
    );
    expect(within(active).getByRole('columnheader', { name: 'Last active' })).toBeTruthy();
  });

  it('names each chart with a summary and gives its figures as a table', async () => {
    renderOverview();
    await screen.findByRole('region', { name: 'Key figures' });
    const signUps = within(region('Daily sign-ups')).getByRole('img');
    expect(signUps.tagName).toBe('CANVAS');
    expect(signUps.getAttribute('aria-label')).toMatch(
      /^Daily sign-ups\. 9 sign-ups over the last 31 days, most on Nov 23 \(5\)\.$/,
    );
    const active = within(region('Daily active users')).getByRole('img');
    expect(active.getAttribute('aria-label')).toBe(
      'Daily active users. 3 active users today; the most in the last 31 days was 7, on Nov 16.',
    );
    const methods = within(region('Sign-in methods'));
    expect(methods.getByRole('img').getAttribute('aria-label')).toBe(
      'Sign-in methods. GitHub: 9, Password: 4, Email code or magic link: 1.',
    );
    fireEvent.click(methods.getByText('Show as a table'));
    const table = methods.getByRole('table', { name: 'Sign-in methods' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['GitHub9', 'Password4', 'Email code or magic link1']);
    const days = within(region('Daily sign-ups')).getByRole('table', { hidden: true });
    expect(within(days).getAllByRole('row', { hidden: true })).toHaveLength(32);
  });

  it('says so when nobody signs in yet, instead of an empty chart', async () => {
    renderOverview(() =>
      json({
        ...METRICS,
        total_users: 0,
        daily_users: daily(() => 0),
        daily_active_users: daily(() => 0),
        recently_registered: [],
        recently_active: [],
        login_methods: [],
      }),
    );
    await screen.findByRole('region', { name: 'Key figures' });
    expect(within(region('Sign-in methods')).queryByRole('img')).toBeNull();
    expect(within(region('Sign-in methods')).getByText('No sign-in methods in use yet.')).toBeTruthy();
    expect(within(region('Recent sign-ups')).getByText('Nobody has signed up yet.')).toBeTruthy();
    expect(within(region('Recently active users')).getByText('No activity yet.')).toBeTruthy();
    expect(within(region('Daily sign-ups')).getByRole('img').getAttribute('aria-label')).toBe(
      'Daily sign-ups. No sign-ups in the last 31 days.',
    );
  });

  it('says why the figures could not be loaded, and loads them again on Try again', async () => {
    let fail = true;
    renderOverview(() =>
      fail
        ? knownError('INSUFFICIENT_ACCESS_TYPE', 'This endpoint needs admin access.', undefined, 401)
        : json(METRICS),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("The project's figures could not be loaded.");
    expect(alert.textContent).toContain('This endpoint needs admin access.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Key figures' });
  });
});

describe('the charts', () => {
  it('register only the parts they draw, never chart.js/auto', async () => {
    renderOverview();
    await screen.findByRole('region', { name: 'Key figures' });
    expect(charts.registered.map((part) => (part as { id: string }).id).sort()).toEqual(
      ['bar', 'barElement', 'category', 'filler', 'line', 'lineElement', 'linear', 'point', 'tooltip'].sort(),
    );
  });

  it('are made once each, in the theme colours, and destroyed when the page goes', async () => {
    document.documentElement.style.setProperty('--signet-color-primary', '#123456');
    const { unmount } = renderOverview();
    await screen.findByRole('region', { name: 'Key figures' });
    await waitFor(() => expect(charts.made).toHaveLength(3));
    expect(charts.made.map((c) => c.config.type)).toEqual(['bar', 'line', 'bar']);
    expect(charts.made.map((c) => c.config.options.indexAxis)).toEqual(['x', 'x', 'y']);
    expect(charts.made[1]!.config.data.datasets[0].borderColor).toBe('#123456');
    expect(charts.made[1]!.config.data.datasets[0].backgroundColor).toBe('rgba(18, 52, 86, 0.18)');
    expect(charts.made[2]!.config.data.labels).toEqual(['GitHub', 'Password', 'Email code or magic link']);
    expect(charts.made.every((c) => !c.destroyed)).toBe(true);
    unmount();
    expect(charts.made.every((c) => c.destroyed)).toBe(true);
  });

  it('are drawn again in the new colours when the colour scheme changes', async () => {
    const listeners = new Set<() => void>();
    const realMatchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })) as never;
    try {
      const { unmount } = renderOverview();
      await waitFor(() => expect(charts.made).toHaveLength(3));
      document.documentElement.style.setProperty('--signet-color-primary', '#abcdef');
      for (const listener of listeners) listener();
      await waitFor(() => expect(charts.made).toHaveLength(6));
      expect(charts.made.slice(0, 3).every((c) => c.destroyed)).toBe(true);
      expect(charts.made[4]!.config.data.datasets[0].borderColor).toBe('#abcdef');
      unmount();
      expect(listeners.size).toBe(0);
    } finally {
      window.matchMedia = realMatchMedia;
    }
  });
});

describe('the summaries', () => {
  it('count in words, singular and plural', () => {
    const one = [{ date: '2026-11-03', activity: 1 }];
    expect(summarizeDaily(one, ['sign-up', 'sign-ups'])).toBe(
      '1 sign-up over the last 1 day, most on Nov 3 (1).',
    );
    expect(summarizeActive(one)).toBe('1 active user today; the most in the last 1 day was 1, on Nov 3.');
    expect(summarizeDaily([], ['sign-up', 'sign-ups'])).toBe('No sign-ups to show.');
  });

  it('fall back to another colour for a theme colour that is not hex', () => {
    expect(translucent('#fff', 0.5, 'gray')).toBe('rgba(255, 255, 255, 0.5)');
    expect(translucent('oklch(70% 0.1 250)', 0.5, 'gray')).toBe('gray');
  });
});
