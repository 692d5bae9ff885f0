/** Wire shape of `GET /internal/metrics` (wire.md §5.13). */
import * as v from 'valibot';
import { ServerUserSchema } from './user.js';

const DailySchema = v.array(v.object({ date: v.string(), activity: v.number() }));

/** A project's usage figures. */
export const MetricsSchema = v.object({
  total_users: v.number(),
  daily_users: DailySchema,
  daily_active_users: DailySchema,
  users_by_country: v.record(v.string(), v.number()),
  recently_registered: v.array(ServerUserSchema),
  recently_active: v.array(ServerUserSchema),
  login_methods: v.array(v.object({ method: v.string(), count: v.number() })),
});
/** A project's usage figures, in wire form. */
export type MetricsJson = v.InferOutput<typeof MetricsSchema>;
