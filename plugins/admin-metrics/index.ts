/**
 * The admin-metrics plugin: a project's users, sign-ups and active users per day over the last
 * 31 days, recent users and sign-in methods. `createApp({ superSecretAdminKey, plugins:
 * [adminMetrics()] })` gives `app.metrics`.
 */
import { pluginFactory, type ServerUser } from '../../core/index.js';
import type { Camelized, MetricsJson } from '../../wire/index.js';

/** A project's usage figures (wire.md §5.13), in camelCase. */
export type Metrics = Camelized<
  Omit<MetricsJson, 'users_by_country' | 'recently_registered' | 'recently_active'>
> & {
  /** Country code → number of users (keys kept as the server sends them). */
  usersByCountry: Record<string, number>;
  /** Up to five users, newest sign-ups first. */
  recentlyRegistered: ServerUser[];
  /** Up to five users, most recently active first. */
  recentlyActive: ServerUser[];
};

/** `app.metrics`. */
export interface MetricsApi {
  /** The figures as of now. */
  get(): Promise<Metrics>;
}

/** The admin-metrics plugin (admin access). */
export const adminMetrics = pluginFactory('metrics', () => {
  return {
    access: 'admin',
    setup: (ctx): MetricsApi => ({
      // The request and the conversion of its answer are loaded on the first call.
      get: async () => (await import('./calls.js')).metricsCalls(ctx).get(),
    }),
  };
});
