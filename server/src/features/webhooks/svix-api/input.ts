/**
 * Reading what a Svix API request carries — its JSON body, query parameters and path parameters —
 * with every string checked before it reaches a query: no NUL, no lone surrogate, bounded length.
 * A request that breaks a rule gets a 422 naming the field, never a 500 from the database.
 */
import type { Context } from 'hono';
import { stringProblem } from '../../../input-limits.js';
import { DEFAULT_PAGE, decodeCursor, MAX_PAGE, type PageRequest } from '../../../services/webhooks/paging.js';
import { invalid, SvixApiError, SvixValidationError, type ValidationIssue } from './errors.js';

/** The largest body the Svix API reads; endpoint bodies are a few hundred bytes. */
const MAX_BODY_CHARS = 256 * 1024;

/** Svix's shape for ids and uids a caller chooses (`uid`, event type names). */
export const SVIX_NAME = /^[a-zA-Z0-9\-_.]{1,256}$/;

/** The request's JSON body, which must be an object. */
export async function readJsonBody(c: Context): Promise<Record<string, unknown>> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_BODY_CHARS)
    throw new SvixApiError(413, 'payload_too_large', 'The request body is too large.');
  const text = await c.req.text();
  if (text.length > MAX_BODY_CHARS)
    throw new SvixApiError(413, 'payload_too_large', 'The request body is too large.');
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid(['body'], 'The body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid(['body'], 'The body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** A string path parameter that can name an object (an id or a caller's uid). */
export function pathName(c: Context, name: string): string {
  const value = c.req.param(name) ?? '';
  if (!SVIX_NAME.test(value)) throw invalid(['path', name], 'Not a valid id or uid.');
  return value;
}

/** A query parameter as a string, checked; undefined when absent. */
export function queryString(c: Context, name: string): string | undefined {
  const value = c.req.query(name);
  if (value === undefined) return undefined;
  const problem = stringProblem(name, value);
  if (problem || value.length > 4096) throw invalid(['query', name], problem ?? 'Too long.');
  return value;
}

/** A boolean query parameter (`true`/`false`), or `fallback` when absent. */
export function queryBoolean(c: Context, name: string, fallback: boolean): boolean {
  const value = queryString(c, name);
  if (value === undefined) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalid(['query', name], 'Must be true or false.');
}

/** A date query parameter (RFC 3339), or undefined. */
export function queryDate(c: Context, name: string): Date | undefined {
  const value = queryString(c, name);
  if (value === undefined) return undefined;
  const date = new Date(value);
  // Years 1 to 9999 only: PostgreSQL has no year 0, and would fail the query rather than say so.
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value) || year < 1 || year > 9999) {
    throw invalid(['query', name], 'Must be an RFC 3339 date and time.');
  }
  return date;
}

/** An integer query parameter within bounds, or undefined. */
export function queryInteger(c: Context, name: string, min: number, max: number): number | undefined {
  const value = queryString(c, name);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^-?\d{1,10}$/.test(value) || n < min || n > max) {
    throw invalid(['query', name], `Must be an integer from ${min} to ${max}.`);
  }
  return n;
}

/**
 * Event type names from a query: Svix's clients join a list with commas, older ones repeat the
 * parameter; both are read.
 */
export function queryEventTypes(c: Context, name = 'event_types'): string[] | undefined {
  const values = c.req.queries(name);
  if (!values?.length) return undefined;
  const names = values.flatMap((v) => v.split(',')).filter((v) => v !== '');
  if (names.length > 100) throw invalid(['query', name], 'At most 100 event types.');
  for (const n of names)
    if (!SVIX_NAME.test(n)) throw invalid(['query', name], 'Not a valid event type name.');
  return names;
}

/** The paging parameters every list takes: `limit`, `iterator`, `order`. */
export function pageRequest(c: Context): PageRequest {
  const limit = queryInteger(c, 'limit', 1, MAX_PAGE) ?? DEFAULT_PAGE;
  const iterator = queryString(c, 'iterator');
  const cursor = iterator === undefined || iterator === '' ? null : decodeCursor(iterator);
  if (iterator && !cursor) throw invalid(['query', 'iterator'], 'Not an iterator this server gave out.');
  const order = queryString(c, 'order');
  if (order !== undefined && order !== 'ascending' && order !== 'descending') {
    throw invalid(['query', 'order'], 'Must be ascending or descending.');
  }
  return { limit, cursor, descending: order !== 'ascending' };
}

/**
 * Reads the fields of a JSON body one by one, collecting every problem so one 422 names them all
 * (as Svix does).
 */
export class BodyReader {
  readonly issues: ValidationIssue[] = [];
  constructor(readonly body: Record<string, unknown>) {}

  /** Whether the body has the key at all (PATCH tells "absent" from "null"). */
  has(key: string): boolean {
    return Object.hasOwn(this.body, key);
  }

  /** Records a problem with `key`. */
  fail(key: string, msg: string, type = 'value_error'): undefined {
    this.issues.push({ loc: ['body', key], msg, type });
    return undefined;
  }

  /** A string field (undefined when absent; null when null and `nullable`). */
  string(
    key: string,
    options: { max: number; pattern?: RegExp; nullable?: boolean },
  ): string | null | undefined {
    const value = this.body[key];
    if (value === undefined) return undefined;
    if (value === null && options.nullable) return null;
    if (typeof value !== 'string') return this.fail(key, 'Must be a string.', 'type_error');
    const problem = stringProblem(key, value);
    if (problem) return this.fail(key, problem);
    if (value.length > options.max) return this.fail(key, `Must be at most ${options.max} characters.`);
    if (options.pattern && !options.pattern.test(value))
      return this.fail(key, 'Has characters it may not have.');
    return value;
  }

  /** A boolean field, or undefined. */
  boolean(key: string): boolean | undefined {
    const value = this.body[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') return this.fail(key, 'Must be a boolean.', 'type_error');
    return value;
  }

  /** A list of names matching `pattern` (null when null), or undefined. */
  names(
    key: string,
    options: { maxItems: number; allowed?: readonly string[] },
  ): string[] | null | undefined {
    const value = this.body[key];
    if (value === undefined) return undefined;
    if (value === null) return null;
    if (!Array.isArray(value)) return this.fail(key, 'Must be a list.', 'type_error');
    if (value.length === 0 || value.length > options.maxItems) {
      return this.fail(key, `Must hold 1 to ${options.maxItems} items.`);
    }
    for (const item of value) {
      if (typeof item !== 'string' || !SVIX_NAME.test(item))
        return this.fail(key, 'Each item must be a name.');
      if (options.allowed && !options.allowed.includes(item))
        return this.fail(key, `Unknown event type: ${item}.`);
    }
    return [...new Set(value as string[])];
  }

  /** A string-to-string map (null when null), or undefined. */
  stringMap(
    key: string,
    options: { maxEntries: number; maxLength: number },
  ): Record<string, string> | null | undefined {
    const value = this.body[key];
    if (value === undefined) return undefined;
    if (value === null) return null;
    if (typeof value !== 'object' || Array.isArray(value))
      return this.fail(key, 'Must be an object.', 'type_error');
    const entries = Object.entries(value);
    if (entries.length > options.maxEntries) return this.fail(key, `At most ${options.maxEntries} entries.`);
    for (const [k, v] of entries) {
      if (typeof v !== 'string') return this.fail(key, 'Every value must be a string.', 'type_error');
      const problem = stringProblem(key, k) ?? stringProblem(key, v);
      if (problem) return this.fail(key, problem);
      if (k.length > options.maxLength || v.length > options.maxLength) {
        return this.fail(key, `Keys and values must be at most ${options.maxLength} characters.`);
      }
    }
    return Object.fromEntries(entries) as Record<string, string>;
  }

  /** Throws the 422 when anything was wrong. */
  done(): void {
    if (this.issues.length > 0) throw new SvixValidationError(this.issues);
  }
}
