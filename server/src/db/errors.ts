/** Recognising database errors we expect, whichever driver raised them. */

/** True when `error` (or any error it wraps) is a PostgreSQL unique violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** SQLSTATEs of a connection that was cut or refused: admin shutdown, crash, cannot connect now, connection exceptions. */
const CONNECTION_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** Socket errors of a connection that went away. */
const CONNECTION_ERRNOS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/** What node-postgres says when the server closed the connection under a query. */
const CONNECTION_MESSAGE =
  /connection terminated|terminating connection|client has encountered a connection error|connection (?:is )?closed|not queryable/i;

/**
 * True when `error` (or any error it wraps) means the database connection was lost or could not be
 * made: the request can be answered 503 and tried again; the pool opens new connections itself.
 */
export function isConnectionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_SQLSTATES.has(code) || CONNECTION_ERRNOS.has(code)))
      return true;
    if (typeof message === 'string' && CONNECTION_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
