/**
 * Values found by an exact path, without hashing the path. A request's path is a new string every
 * time: a `Map` keyed by paths hashed every character of it on every request (and a path sliced
 * out of the URL is a view into it, which V8 hashes and compares on its slow paths). Here the
 * path's length picks the few paths of that length, which are compared in turn: a comparison of
 * two different paths stops at the first character that differs.
 */
export class ExactPaths<T> {
  /** By length: the paths of that length, with their values. */
  readonly #byLength: Array<Array<{ path: string; value: T }> | undefined> = [];

  /** Adds `path` (or replaces its value). */
  set(path: string, value: T): void {
    const paths = this.#byLength[path.length] ?? [];
    this.#byLength[path.length] = paths;
    const known = paths.find((entry) => entry.path === path);
    if (known) known.value = value;
    else paths.push({ path, value });
  }

  /** The value of `path`, or undefined. */
  get(path: string): T | undefined {
    const paths = this.#byLength[path.length];
    if (paths === undefined) return undefined;
    for (let i = 0; i < paths.length; i++) {
      const entry = paths[i]!;
      if (entry.path === path) return entry.value;
    }
    return undefined;
  }
}
