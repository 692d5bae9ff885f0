/** How webhook times and answers read on the page. */

/** A date and time for a person, in their locale. */
export function formatWhen(date: Date): string {
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** The first `max` characters of an endpoint's answer, on one line; "(empty)" when it said nothing. */
export function excerpt(response: string, max = 120): string {
  const line = response.replace(/\s+/g, ' ').trim();
  if (!line) return '(empty)';
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** Whether `value` is an http(s) URL an endpoint can have. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
