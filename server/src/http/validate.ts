/**
 * Strict request validation with valibot, reported as the wire's SCHEMA_ERROR: "Request validation
 * failed on <METHOD> <pathname>:" then one "  - <problem>" line per problem (wire.md §1.4, §2.4).
 */
import * as v from 'valibot';
import { knownError } from '../errors.js';
import { type Problem, stringProblem } from '../input-limits.js';

export type { Problem };

type AnySchema = v.GenericSchema;

/** Validates `input` against `schema`; returns the output or the problems found, prefixed with `root`. */
export function check<S extends AnySchema>(
  root: string,
  schema: S,
  input: unknown,
): { ok: true; value: v.InferOutput<S> } | { ok: false; problems: Problem[] } {
  const problems = [...unstorable(root, input), ...unknownProperties(root, schema, input)];
  if (problems.length > 0) return { ok: false, problems };
  const result = v.safeParse(schema, input, { abortEarly: false });
  for (const issue of result.issues ?? []) {
    // Unknown keys are reported above, all of them at once (valibot stops at the first).
    if (issue.type === 'strict_object' && issue.expected === 'never') continue;
    problems.push(describe(root, issue));
  }
  if (problems.length > 0 || !result.success) return { ok: false, problems };
  return { ok: true, value: result.output };
}

/** The SCHEMA_ERROR for these problems on this request. */
export function schemaError(request: Request, problems: Problem[]) {
  const message = `Request validation failed on ${request.method} ${new URL(request.url).pathname}:\n${problems
    .map((p) => `  - ${p}`)
    .join('\n')}`;
  return knownError('SCHEMA_ERROR', { message });
}

function pathOf(root: string, issue: v.BaseIssue<unknown>): string {
  let out = root;
  for (const item of issue.path ?? []) {
    const key = (item as { key: unknown }).key;
    out += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  }
  return out;
}

function describe(root: string, issue: v.BaseIssue<unknown>): Problem {
  const path = pathOf(root, issue);
  if (issue.kind === 'schema') {
    if (issue.input === undefined) return `${path} must be defined`;
    const expected = issue.type === 'strict_object' || issue.type === 'object' ? 'object' : issue.expected;
    return `${path} must be a \`${expected}\` type, but the final value was: \`${safeJson(issue.input)}\`.`;
  }
  return `${path} ${issue.message}`;
}

function safeJson(value: unknown): string {
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return String(value);
  }
}

const MAX_DEPTH = 64;

/**
 * Values PostgreSQL cannot store (NUL characters, lone surrogates in text or jsonb) or should not
 * (absurdly long strings, absurdly deep JSON) are schema errors here, rather than database errors
 * later — in keys as well as values.
 */
export function unstorable(path: string, value: unknown, depth = 0): Problem[] {
  if (typeof value === 'string') {
    const problem = stringProblem(path, value);
    return problem ? [problem] : [];
  }
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array) return [];
  if (depth >= MAX_DEPTH) return [`${path} is nested too deeply`];
  const problems: Problem[] = [];
  for (const [key, child] of Object.entries(value)) {
    const keyProblem = stringProblem(`${path} key`, key);
    if (keyProblem) problems.push(keyProblem);
    else
      problems.push(
        ...unstorable(Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, child, depth + 1),
      );
    if (problems.length > 0) break;
  }
  return problems;
}

/** Walks a strict-object schema alongside the input and names every key the schema does not know. */
function unknownProperties(path: string, schema: AnySchema, input: unknown): Problem[] {
  const inner = unwrap(schema);
  if (inner?.type !== 'strict_object') return [];
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [];
  const entries = (inner as unknown as { entries: Record<string, AnySchema> }).entries;
  const unknown = Object.keys(input).filter((key) => !Object.hasOwn(entries, key));
  const problems = unknown.length > 0 ? [`${path} contains unknown properties: ${unknown.join(', ')}`] : [];
  for (const [key, child] of Object.entries(entries)) {
    problems.push(...unknownProperties(`${path}.${key}`, child, (input as Record<string, unknown>)[key]));
  }
  return problems;
}

/** Looks through optional/nullable/pipe wrappers to the schema that decides the shape. */
function unwrap(schema: AnySchema): AnySchema | undefined {
  let current: AnySchema | undefined = schema;
  for (let i = 0; i < 8 && current; i++) {
    const s = current as unknown as { wrapped?: AnySchema; pipe?: AnySchema[]; type: string };
    if (s.wrapped) current = s.wrapped;
    else if (s.type !== 'strict_object' && s.pipe && s.pipe[0] !== current) current = s.pipe[0];
    else return current;
  }
  return current;
}
