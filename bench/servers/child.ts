/**
 * What a bench server process does when it is ready: prints one JSON line on stdout describing how
 * to call it, then serves until its parent kills it. The load generator runs in the parent, so the
 * server under test has a core of its own, as it would in production.
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
