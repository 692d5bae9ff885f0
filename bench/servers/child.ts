/**
 * What a bench server process does when it is ready: prints one JSON line on stdout describing how
 * to call it, then serves until its parent kills it. The load generator runs in the parent, and
 * each side is pinned to a core of its own (lib/load's pinCores), so the server under test has
 * a core to itself, as it would in production.
 */
export function ready(info: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(info)}\n`);
}

/** The database a bench server uses: PGlite in memory, or the PostgreSQL URL it was given. */
export function databaseArg(): { kind: 'pglite' } | { kind: 'postgres'; url: string } {
  const url = process.argv[2];
  return url ? { kind: 'postgres', url } : { kind: 'pglite' };
}

// Killed by the bench when done: exit normally, so a `--cpu-prof` profile gets written.
process.on('SIGTERM', () => process.exit(0));

/** What the bench needs to call a signet server as its signed-up user. */
export interface BenchUser {
  clientHeaders: Record<string, string>;
  tokens: { access_token: string; refresh_token: string };
}

/** Signs up the bench user on a signet server: its client headers and tokens. */
export async function signUpBenchUser(
  url: string,
  keys: { projectId: string; publishableClientKey: string },
): Promise<BenchUser> {
  const clientHeaders = {
    'x-stack-access-type': 'client',
    'x-stack-project-id': keys.projectId,
    'x-stack-publishable-client-key': keys.publishableClientKey,
    'content-type': 'application/json',
  };
  const signUp = await fetch(`${url}/api/v1/auth/password/sign-up`, {
    method: 'POST',
    headers: clientHeaders,
    body: JSON.stringify({
      email: 'bench@example.com',
      password: 'bench-password',
      verification_callback_url: 'http://localhost/handler/email-verification',
    }),
  });
  const tokens = (await signUp.json()) as BenchUser['tokens'];
  if (!tokens.access_token) throw new Error(`sign-up failed: ${JSON.stringify(tokens)}`);
  return { clientHeaders, tokens };
}

/** Signs up the bench user on a signet server and prints what the bench needs to call it. */
export async function readySignet(url: string, keys: { projectId: string; publishableClientKey: string }) {
  ready({ url, keys, ...(await signUpBenchUser(url, keys)) });
}
