/**
 * The SQL of every statement a PGlite database runs, read off the protocol messages the client
 * sends it. The server runs Drizzle's statements as prepared statements through
 * `execProtocolStream` (server/src/db/pglite-prepared.ts), so a run names its statement rather
 * than carrying its text: the text is taken from the statement's Parse message, sent once.
 */

/** The PGlite class whose every instance is recorded (the server's own copy of the module). */
interface PGliteClass {
  prototype: { execProtocolStream(message: Uint8Array, ...rest: unknown[]): unknown };
}

/** Reads the zero-terminated string at `offset`: its text and the offset after its terminator. */
function cString(bytes: Uint8Array, offset: number): [string, number] {
  const end = bytes.indexOf(0, offset);
  return [new TextDecoder().decode(bytes.subarray(offset, end)), end + 1];
}

/**
 * The statements `message` runs, in order: a simple query's text, or each Bind's statement as its
 * Parse (in this message or an earlier one, kept in `texts`) named it.
 */
function statementsRun(message: Uint8Array, texts: Map<string, string>): string[] {
  const run: string[] = [];
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  for (let at = 0; at + 5 <= message.length; at += 1 + view.getInt32(at + 1)) {
    const type = String.fromCharCode(message[at]!);
    const body = at + 5;
    if (type === 'Q') run.push(cString(message, body)[0]);
    if (type === 'P') {
      const [name, next] = cString(message, body);
      texts.set(name, cString(message, next)[0]);
    }
    if (type === 'B') {
      const [, next] = cString(message, body);
      run.push(texts.get(cString(message, next)[0]) ?? '(a statement prepared before recording)');
    }
  }
  return run;
}

/** Records the statements every database of `pglite` runs until `stop` is called. */
export function recordStatements(pglite: PGliteClass): { statements: string[]; stop(): void } {
  const prototype = pglite.prototype;
  const original = prototype.execProtocolStream;
  const texts = new Map<string, string>();
  const statements: string[] = [];
  prototype.execProtocolStream = function (this: unknown, message: Uint8Array, ...rest: unknown[]) {
    statements.push(...statementsRun(message, texts));
    return original.call(this, message, ...rest);
  };
  return {
    statements,
    stop: () => {
      prototype.execProtocolStream = original;
    },
  };
}
