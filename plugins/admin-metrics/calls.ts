/**
 * The admin-metrics plugin's call and the conversion of its answer. `adminMetrics()` loads this
 * module on the first call.
 */
import { type PluginContext, serverUserFromJson } from '../../core/index.js';
import { camelize, type MetricsJson } from '../../wire/index.js';
import type { MetricsApi } from './index.js';

/** `app.metrics` for one app. */
export const metricsCalls = (ctx: PluginContext): MetricsApi => ({
  async get() {
    const json = await ctx.call<MetricsJson>('/internal/metrics');
    // Users carry metadata, whose keys are the app's own: mapped field by field, not camelized.
    const { users_by_country, recently_registered, recently_active, ...figures } = json;
    return {
      ...camelize(figures),
      usersByCountry: users_by_country,
      recentlyRegistered: recently_registered.map(serverUserFromJson),
      recentlyActive: recently_active.map(serverUserFromJson),
    };
  },
});
