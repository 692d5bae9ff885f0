/**
 * The class signet makes its answers with. The Node adapter writes a response straight to the
 * socket only when it is of the adapter's own `Response` class, which the adapter installs as the
 * global `Response` when it starts listening; any other response it reads back through the Fetch
 * API's body stream, about three and a half times the work of a small answer. signet-server bundles
 * its copy of the adapter, so an application serving from its own copy in the same process
 * installs another class over it when it starts listening after signet. So when signet listens it
 * keeps the class its own copy installed, and makes its answers with that one whichever copy
 * started last. Hono's own helpers (`c.json` in the Svix API) still take the global class, and an
 * app that mounts signet's `fetch` in its own server after signet listened gets signet's class
 * there: those answers stay correct, through the other adapter's slower path.
 */
let kept: typeof Response | undefined;

/**
 * Keeps the global `Response` as it is now: called right after signet's copy of the adapter
 * started a listener, which leaves its own class there.
 */
export function keepAnswerClass(): void {
  kept = globalThis.Response;
}

/** A new answer, of the class kept when signet listened (until then, the global `Response`). */
export function newResponse(body?: BodyInit | null, init?: ResponseInit): Response {
  return new (kept ?? Response)(body, init);
}
