/**
 * `GET /internal/metrics` (wire.md §5.13): a project's users, sign-ups and active users per day for
 * the last 31 days, recent users and sign-in methods, all read from the project's data.
 */

import { and, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { MetricsJson } from '../../../../wire/metrics.js';
import { MetricsSchema } from '../../../../wire/metrics.js';
import type { Database } from '../../db/database.js';
import { oauthAccounts, passkeys, passwordCredentials, userActivityDays, users } from '../../db/schema.js';
import { defineRoute } from '../../http/route.js';
import { utcDay } from '../../services/activity.js';
import { serverUserView } from '../../services/user-view.js';
import { joinUserDetails, userRecordFields, userRecordFrom } from '../../services/users.js';

const DAY_MS = 24 * 3600 * 1000;
const DAYS = 31;
const RECENT = 5;

/** The 31 UTC days ending today, oldest first, each with the count `counts` has for it (or 0). */
function dailySeries(today: number, counts: Map<string, number>): MetricsJson['daily_users'] {
  return Array.from({ length: DAYS }, (_, i) => {
    const date = utcDay(today - (DAYS - 1 - i) * DAY_MS);
    return { date, activity: counts.get(date) ?? 0 };
  });
}

/** Up to five users of the project in `order`, as server views. */
async function recentUsers(db: Database, projectId: string, order: 'signed-up' | 'active') {
  const column = order === 'signed-up' ? users.createdAt : users.lastActiveAt;
  const ids = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.projectId, projectId), isNotNull(column)))
    .orderBy(desc(column), desc(users.id))
    .limit(RECENT);
  const records = await Promise.all(
    ids.map(async ({ id }) =>
      userRecordFrom(
        await joinUserDetails(db.select(userRecordFields).from(users).$dynamic()).where(eq(users.id, id)),
      ),
    ),
  );
  return records.filter((r) => r !== null).map(serverUserView);
}

/** The project's usage figures. */
export const metricsRoute = defineRoute({
  method: 'GET',
  path: '/internal/metrics',
  summary: "The project's usage figures",
  response: MetricsSchema,
  access: ['admin'],
  async handler({ ctx, auth, json }) {
    const projectId = auth.project.id;
    const today = ctx.now();
    const since = utcDay(today - (DAYS - 1) * DAY_MS);
    const mine = eq(users.projectId, projectId);
    const day = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const [
      total,
      signUps,
      active,
      withPassword,
      withOtp,
      registered,
      recentlyActive,
      withPasskey,
      byProvider,
    ] = await Promise.all([
      ctx.db.select({ n: count() }).from(users).where(mine),
      ctx.db
        .select({ day, n: count() })
        .from(users)
        .where(and(mine, gte(users.createdAt, new Date(`${since}T00:00:00Z`))))
        .groupBy(day),
      ctx.db
        .select({ day: userActivityDays.day, n: count() })
        .from(userActivityDays)
        .where(and(eq(userActivityDays.projectId, projectId), gte(userActivityDays.day, since)))
        .groupBy(userActivityDays.day),
      ctx.db
        .select({ n: count() })
        .from(passwordCredentials)
        .innerJoin(users, eq(users.id, passwordCredentials.userId))
        .where(mine),
      ctx.db
        .select({ n: count() })
        .from(users)
        .where(and(mine, eq(users.otpAuthEnabled, true))),
      recentUsers(ctx.db, projectId, 'signed-up'),
      recentUsers(ctx.db, projectId, 'active'),
      ctx.db.select({ n: count() }).from(passkeys).where(eq(passkeys.projectId, projectId)),
      ctx.db
        .select({ provider: oauthAccounts.providerId, n: count() })
        .from(oauthAccounts)
        .where(eq(oauthAccounts.projectId, projectId))
        .groupBy(oauthAccounts.providerId),
    ]);
    const series = (rows: { day: string; n: number }[]) =>
      dailySeries(today, new Map(rows.map((r) => [r.day, Number(r.n)])));
    // One count per sign-in method a user holds, as the reference counts its auth methods: each
    // OAuth provider by its (lowercase) name, passwords, passkeys and codes.
    const methods = [
      ...byProvider.map((p) => ({ method: p.provider.toLowerCase(), count: Number(p.n) })),
      { method: 'password', count: Number(withPassword[0]?.n ?? 0) },
      { method: 'passkey', count: Number(withPasskey[0]?.n ?? 0) },
      { method: 'otp', count: Number(withOtp[0]?.n ?? 0) },
    ].filter((m) => m.count > 0);
    const metrics: MetricsJson = {
      total_users: Number(total[0]?.n ?? 0),
      daily_users: series(signUps),
      daily_active_users: series(active),
      // Sign-ins record no location, so no user has a country.
      users_by_country: {},
      recently_registered: registered,
      recently_active: recentlyActive,
      login_methods: methods,
    };
    return json(metrics);
  },
});
