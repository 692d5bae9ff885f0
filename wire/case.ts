/**
 * The wire speaks snake_case and the kit camelCase. For records with no free-form keys (a project's
 * config, an API key, metrics) one deep conversion each way, typed, saves a hand-written mapping
 * per field. Never use it on metadata, whose keys are the app's own.
 */

/** `sign_up_enabled` → `signUpEnabled`, as a type. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** A wire record with every key camelCased, deeply. */
export type Camelized<T> = T extends readonly (infer U)[]
  ? Camelized<U>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelCase<K> : K]: Camelized<T[K]> }
    : T;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function convert(value: unknown, key: (k: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, key));
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [key(k), convert(v, key)]));
}

/** Converts a wire record's keys to camelCase, deeply. */
export function camelize<T>(json: T): Camelized<T> {
  return convert(json, (k) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())) as Camelized<T>;
}

/** Converts a kit record's keys to snake_case, deeply (the inverse of {@link camelize}). */
export function snakeize(value: unknown): unknown {
  return convert(value, (k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
}
