/**
 * The overview's figures as words: day labels, the sign-in methods' names, and the one-sentence
 * summaries that charts carry as their accessible names.
 */

/** One day of a daily series, as `/internal/metrics` sends it (`date` is `YYYY-MM-DD`, UTC). */
export interface DailyPoint {
  date: string;
  activity: number;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** `2026-11-03` → "Nov 3" (the server's days are UTC days, so they are shown as such). */
export function dayLabel(date: string): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? date : dayFormat.format(time);
}

/** The sum of a series. */
export const totalOf = (points: readonly DailyPoint[]) => points.reduce((sum, p) => sum + p.activity, 0);

/**
 * A sentence for a daily series: its total over the period and its busiest day, e.g.
 * "12 sign-ups over 31 days, most on Nov 3 (5)."; `unit` is singular and plural.
 */
export function summarizeDaily(points: readonly DailyPoint[], unit: [string, string]): string {
  if (points.length === 0) return `No ${unit[1]} to show.`;
  const total = totalOf(points);
  const days = `${points.length} day${points.length === 1 ? '' : 's'}`;
  if (total === 0) return `No ${unit[1]} in the last ${days}.`;
  const peak = points.reduce((best, p) => (p.activity > best.activity ? p : best));
  return `${total.toLocaleString()} ${total === 1 ? unit[0] : unit[1]} over the last ${days}, most on ${dayLabel(peak.date)} (${peak.activity.toLocaleString()}).`;
}

const METHOD_NAMES: Record<string, string> = {
  password: 'Password',
  passkey: 'Passkey',
  otp: 'Email code or magic link',
  other: 'Other',
  github: 'GitHub',
  gitlab: 'GitLab',
  linkedin: 'LinkedIn',
  x: 'X',
};

/**
 * A sentence for daily active users: today's count and the busiest day of the period, e.g.
 * "3 active users today; the most in the last 31 days was 7, on Nov 3."
 */
export function summarizeActive(points: readonly DailyPoint[]): string {
  if (points.length === 0) return 'No activity to show.';
  const today = points.at(-1)!.activity;
  const peak = points.reduce((best, p) => (p.activity > best.activity ? p : best));
  const days = `${points.length} day${points.length === 1 ? '' : 's'}`;
  if (peak.activity === 0) return `No active users in the last ${days}.`;
  const users = (n: number) => `${n.toLocaleString()} active user${n === 1 ? '' : 's'}`;
  return `${users(today)} today; the most in the last ${days} was ${peak.activity.toLocaleString()}, on ${dayLabel(peak.date)}.`;
}

/** A method of `login_methods` for people: "password" → "Password", "github" → "GitHub". */
export function methodLabel(method: string): string {
  return METHOD_NAMES[method] ?? (method ? method[0]!.toUpperCase() + method.slice(1) : 'Unknown');
}

/** A sentence for the sign-in methods: each with its count, most used first. */
export function summarizeMethods(methods: readonly { method: string; count: number }[]): string {
  if (methods.length === 0) return 'No sign-in methods in use yet.';
  return `${methods.map((m) => `${methodLabel(m.method)}: ${m.count.toLocaleString()}`).join(', ')}.`;
}

/** The methods, most used first (ties by name, so the order is stable). */
export const sortedMethods = (methods: readonly { method: string; count: number }[]) =>
  [...methods].sort((a, b) => b.count - a.count || a.method.localeCompare(b.method));
