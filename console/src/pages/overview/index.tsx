/**
 * A project's Overview (`/projects/:projectId`): total users, sign-ups and active users per day
 * over the last 30 days, the latest sign-ups and the most recently active users, and how people
 * sign in, from `app.metrics.get()` (`GET /internal/metrics`). The charts (chart.js) load with
 * this page only.
 */
import './overview.css';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { EmptyState, LoadStatus, PageHeader, Section } from '../../shell/states.js';
import { useLoad } from '../../shell/use-load.js';
import { MetricChart } from './metric-chart.js';
import { RecentUsers } from './recent-users.js';
import {
  dayLabel,
  methodLabel,
  sortedMethods,
  summarizeActive,
  summarizeDaily,
  summarizeMethods,
  totalOf,
} from './series.js';

/** The Overview page. */
export default function OverviewPage() {
  const { app, project, projectId } = useProjectAdmin();
  const metrics = useLoad(() => app.metrics.get(), [app]);
  return (
    <>
      <PageHeader
        title="Overview"
        description={`${project.displayName || projectId}: users, sign-ups and activity over the last 30 days (days in UTC).`}
      />
      <LoadStatus
        of={metrics}
        loading="Loading the project's figures"
        rows={8}
        what="The project's figures"
      />
      {metrics.status === 'ready' && <Figures projectId={projectId} metrics={metrics.data} />}
    </>
  );
}

type Metrics = Awaited<ReturnType<ReturnType<typeof useProjectAdmin>['app']['metrics']['get']>>;

function Figures({ projectId, metrics }: { projectId: string; metrics: Metrics }) {
  const signUps = metrics.dailyUsers;
  const active = metrics.dailyActiveUsers;
  const methods = sortedMethods(metrics.loginMethods);
  const activeToday = active.at(-1)?.activity ?? 0;
  return (
    <>
      <section className="console-overview-stats" aria-label="Key figures">
        <Stat label="Total users" value={metrics.totalUsers} />
        <Stat label="Sign-ups, last 30 days" value={totalOf(signUps)} />
        <Stat label="Active today" value={activeToday} />
      </section>
      <div className="console-overview-charts">
        <Section title="Daily sign-ups">
          <MetricChart
            type="bar"
            name="Daily sign-ups"
            summary={summarizeDaily(signUps, ['sign-up', 'sign-ups'])}
            labels={signUps.map((p) => dayLabel(p.date))}
            values={signUps.map((p) => p.activity)}
            columns={['Day', 'Sign-ups']}
          />
        </Section>
        <Section title="Daily active users">
          <MetricChart
            type="line"
            name="Daily active users"
            summary={summarizeActive(active)}
            labels={active.map((p) => dayLabel(p.date))}
            values={active.map((p) => p.activity)}
            columns={['Day', 'Active users']}
          />
        </Section>
      </div>
      <div className="console-overview-lists">
        <Section title="Recent sign-ups">
          <RecentUsers
            projectId={projectId}
            users={metrics.recentlyRegistered}
            when={{ label: 'Signed up', of: (user) => user.signedUpAt }}
            caption="Recent sign-ups"
            empty="Nobody has signed up yet."
          />
        </Section>
        <Section title="Recently active users">
          <RecentUsers
            projectId={projectId}
            users={metrics.recentlyActive}
            when={{ label: 'Last active', of: (user) => user.lastActiveAt }}
            caption="Recently active users"
            empty="No activity yet."
          />
        </Section>
      </div>
      <Section title="Sign-in methods">
        {methods.length === 0 ? (
          <EmptyState title="No sign-in methods in use yet.">
            Once people sign up, this shows how many use each method.
          </EmptyState>
        ) : (
          <MetricChart
            type="bar"
            horizontal
            name="Sign-in methods"
            summary={summarizeMethods(methods)}
            labels={methods.map((m) => methodLabel(m.method))}
            values={methods.map((m) => m.count)}
            columns={['Method', 'Users']}
          />
        )}
      </Section>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="console-section console-overview-stat">
      <p className="console-muted console-overview-stat-label">{label}</p>
      <p className="console-stat">{value.toLocaleString()}</p>
    </div>
  );
}
