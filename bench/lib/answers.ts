/**
 * signet's answers copied for the bench's handlers that write them with nothing computed
 * (servers/same-answers on bare `node:http`, servers/hono-same-answers on Hono).
 */

/** One answer as it went over the wire, less what Node writes itself and the per-request id. */
export interface CopiedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers Node's HTTP server writes itself, and the request id made per answer. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'x-stack-request-id']);

/** What signet at `url` answers to `GET path` with `headers`. */
export async function copyAnswer(url: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}${path}`, { headers });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  const kept = Object.fromEntries([...response.headers].filter(([name]) => !NOT_COPIED.has(name)));
  return { status: response.status, headers: kept, body: await response.text() } satisfies CopiedAnswer;
}

/** The two answers a bench server was given as its argument by the bench (`{ root, me }`, JSON). */
export function answersArg(): { root: CopiedAnswer; me: CopiedAnswer } {
  return JSON.parse(process.argv[2] ?? '{}') as { root: CopiedAnswer; me: CopiedAnswer };
}
