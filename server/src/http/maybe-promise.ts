/**
 * A value now or later. The request path stays synchronous for as long as it has nothing to wait
 * for (no body, authentication answered from memory, a handler that computes its answer), so the
 * HTTP server can write the answer in the same turn it read the request: no promise, no microtask,
 * no close listener for that request.
 */
export type MaybePromise<T> = T | Promise<T>;

/** Whether `value` is a promise (a thenable) rather than the value itself. */
export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}
