/**
 * JSON text to a value, or the first error with its line and column. `JSON.parse` alone does not
 * say where the error is in every engine (V8's newer messages quote the text instead of giving a
 * position), so a small scanner finds the offset first; the value itself comes from `JSON.parse`.
 */

/** Where and why a text is not JSON. Line and column count from 1. */
export interface JsonError {
  message: string;
  offset: number;
  line: number;
  column: number;
}

/** The outcome of `parseJson`. */
export type ParsedJson = { ok: true; value: unknown } | { ok: false; error: JsonError };

class ScanError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/** Line and column (from 1) of `offset` in `text`. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/** Parses `text` as JSON; an empty text is an error too (a metadata field holds `null`, not nothing). */
export function parseJson(text: string): ParsedJson {
  try {
    scan(text);
  } catch (error) {
    if (!(error instanceof ScanError)) throw error;
    return {
      ok: false,
      error: { message: error.message, offset: error.offset, ...positionOf(text, error.offset) },
    };
  }
  return { ok: true, value: JSON.parse(text) };
}

/** Walks `text` as the JSON grammar (RFC 8259), throwing a `ScanError` at the first fault. */
function scan(text: string): void {
  let i = 0;
  const describe = (at: number) =>
    at >= text.length ? 'the end of the text' : `“${text[at] === '\n' ? '\\n' : text[at]}”`;
  const fail = (expected: string, at = i): never => {
    throw new ScanError(`Expected ${expected} but found ${describe(at)}`, at);
  };
  const skip = () => {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++;
  };
  const literal = (word: string) => {
    for (let k = 0; k < word.length; k++) if (text[i + k] !== word[k]) fail(`“${word}”`, i + k);
    i += word.length;
  };
  const digits = () => {
    const start = i;
    while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i++;
    if (i === start) fail('a digit');
  };
  const number = () => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits();
    if (text[i] === '.') {
      i++;
      digits();
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits();
    }
  };
  const string = () => {
    i++; // the opening quote
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '"') {
        i++;
        return;
      }
      if (ch === '\\') {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('four hex digits after \\u', i + 2);
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2;
        else fail('an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)', i + 1);
        continue;
      }
      if (ch < ' ') fail('a closing quote (line breaks and tabs in a string are written \\n and \\t)');
      i++;
    }
    fail('a closing quote');
  };
  const value = (depth: number): void => {
    if (depth > 500) fail('less nesting');
    skip();
    const ch = text[i];
    if (ch === '{') {
      i++;
      skip();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        skip();
        if (text[i] !== '"') fail('a property name in double quotes');
        string();
        skip();
        if (text[i] !== ':') fail('“:”');
        i++;
        value(depth + 1);
        skip();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail('“,” or “}”');
      }
    }
    if (ch === '[') {
      i++;
      skip();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        skip();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail('“,” or “]”');
      }
    }
    if (ch === '"') string();
    else if (ch === 't') literal('true');
    else if (ch === 'f') literal('false');
    else if (ch === 'n') literal('null');
    else if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) number();
    else fail('a value (object, array, string, number, true, false or null)');
  };
  value(0);
  skip();
  if (i < text.length) fail('nothing more after the value');
}

/** `value` as the editor shows it: two-space indented JSON (`null` for a field never set). */
export const formatJson = (value: unknown): string => JSON.stringify(value ?? null, null, 2);
