/**
 * Calls whose code arrives with their first use. A plugin's API is made at `setup`, but most of
 * its calls (managing teams, admin pages) may never be made by a given app: their requests and
 * conversions live in a module of their own, loaded when the first of them is called, so the app's
 * first download does not carry them.
 */

/**
 * `load`, run at most once at a time and kept once it succeeds: calls made while it runs share it,
 * and a load that failed (a chunk that could not be downloaded) is tried again by the next call
 * rather than kept as a failure for the life of the app.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** A call that answers through a promise. */
type AsyncCall = (...args: never[]) => Promise<unknown>;

/** The names of `Api`'s calls that answer through a promise. */
type AsyncCallNames<Api> = { [N in keyof Api]: Api[N] extends AsyncCall ? N : never }[keyof Api];

/**
 * The calls `names` of the API `loaded` resolves to, each usable at once: a call waits for the
 * API, then goes on to the loaded call of the same name with the same arguments. Failures, the
 * load's included, reject the call's promise.
 */
export function loadedCalls<Api, const K extends keyof Api>(
  loaded: () => Promise<Api>,
  // Checked here rather than in K's constraint, so Api is still inferred from `loaded`.
  names: readonly (K & AsyncCallNames<Api>)[],
): Pick<Api, K> {
  const calls: Partial<Record<K, unknown>> = {};
  for (const name of names) {
    const call = async (...args: unknown[]) => {
      const api = await loaded();
      return Reflect.apply(api[name] as AsyncCall, api, args);
    };
    calls[name] = call;
  }
  return calls as unknown as Pick<Api, K>;
}
