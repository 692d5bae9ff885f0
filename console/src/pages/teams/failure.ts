/**
 * Helpers of the teams pages: a load's data from a kit result, and dates as the admin reads them.
 * A failure is shown with `messageOf` (an HTTP status error's message is the server's own words).
 */
import type { Result } from 'signet';

/** The data of a result, or the result's error thrown (for loads, where any failure is shown in words). */
export async function dataOf<T, C extends string>(result: Promise<Result<T, C>>): Promise<T> {
  const answer = await result;
  if (answer.status === 'error') throw answer.error;
  return answer.data;
}

/** A date and time as the admin's browser writes them. */
export const formatDate = (millis: number) =>
  new Date(millis).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
