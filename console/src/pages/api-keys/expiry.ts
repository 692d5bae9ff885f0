/** The expiry choices of a new key set, and how a key set's expiry and state read in the list. */
import type { ApiKey } from 'signet/plugins/admin-api-keys';

const DAY = 24 * 60 * 60 * 1000;

/** An expiry the form offers: a period from now, never, or a date the admin picks. */
export type ExpiryChoice = 'never' | '1d' | '7d' | '30d' | '90d' | '1y' | 'date';

/** The choices in the order the form lists them, with their labels. */
export const EXPIRY_CHOICES: ReadonlyArray<{ value: ExpiryChoice; label: string }> = [
  { value: 'never', label: 'Never' },
  { value: '1d', label: '1 day' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
  { value: '1y', label: '1 year' },
  { value: 'date', label: 'On a date…' },
];

const PERIODS: Record<Exclude<ExpiryChoice, 'never' | 'date'>, number> = {
  '1d': DAY,
  '7d': 7 * DAY,
  '30d': 30 * DAY,
  '90d': 90 * DAY,
  '1y': 365 * DAY,
};

/**
 * The wire needs an expiry time: "never" is the last millisecond of year 9999, the latest the
 * server takes, so such a key outlives anything that reads it.
 */
export const NEVER_MILLIS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * Anything more than 50 years ahead reads "Never": other tools write "never" as a far date (the
 * server's seeded keys: 100 years from their creation).
 */
const NEVER_AFTER_MILLIS = 50 * 365 * DAY;

/**
 * The expiry time of `choice` from `now`; for `date`, the end of that day (`yyyy-mm-dd`) in the
 * admin's time zone. Returns an error in words for a missing or past date.
 */
export function expiryMillis(
  choice: ExpiryChoice,
  date: string,
  now: number,
): { ok: true; millis: number } | { ok: false; error: string } {
  if (choice === 'never') return { ok: true, millis: NEVER_MILLIS };
  if (choice !== 'date') return { ok: true, millis: now + PERIODS[choice] };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return { ok: false, error: 'Choose the date the keys stop working.' };
  const millis = new Date(
    Number(match[1]),
    Number(match[2]) - 1,
    Number(match[3]),
    23,
    59,
    59,
    999,
  ).getTime();
  if (Number.isNaN(millis)) return { ok: false, error: 'Choose a valid date.' };
  if (millis <= now) return { ok: false, error: 'Choose a date in the future.' };
  return { ok: true, millis };
}

/** A date and time for a person, in their locale. */
export function formatTime(millis: number): string {
  return new Date(millis).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "Never" for the far future, the date otherwise. */
export function formatExpiry(millis: number, now: number): string {
  return millis - now > NEVER_AFTER_MILLIS ? 'Never' : formatTime(millis);
}

/** Whether a key set works: revoked, expired, or active. */
export function keyState(key: ApiKey, now: number): 'revoked' | 'expired' | 'active' {
  if (key.manuallyRevokedAtMillis !== undefined) return 'revoked';
  return key.expiresAtMillis <= now ? 'expired' : 'active';
}
