/**
 * Words for a failed call on the teams pages: a known error's own message, the server's text of a
 * plain status error (without the request line around it), anything else as `messageOf` says it.
 */
import type { Result } from 'signet';
import { messageOf } from '../../shell/use-load.js';

/** The part of a failure a person should read. */
export function failureText(error: unknown): string {
  if (error instanceof Error && error.name === 'HttpStatusError') {
    const body = (error as Error & { body?: unknown }).body;
    if (typeof body === 'string' && body.trim()) {
      try {
        const parsed = JSON.parse(body) as { error?: unknown };
        if (typeof parsed.error === 'string' && parsed.error) return parsed.error;
      } catch {
        // A plain-text answer is already in words.
      }
      return body.trim();
    }
  }
  return messageOf(error);
}

/** The data of a result, or the result's error thrown (for loads, where any failure is shown in words). */
export async function dataOf<T, C extends string>(result: Promise<Result<T, C>>): Promise<T> {
  const answer = await result;
  if (answer.status === 'error') throw answer.error;
  return answer.data;
}

/** A date and time as the admin's browser writes them. */
export const formatDate = (millis: number) =>
  new Date(millis).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
