const pending = new Map<string, Promise<unknown>>();

/**
 * Runs `run` once per key for the page's lifetime and shares its promise: an effect that runs
 * twice (React strict mode) must not spend a single-use code or link twice.
 */
export function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  let p = pending.get(key) as Promise<T> | undefined;
  if (!p) {
    p = run();
    pending.set(key, p);
  }
  return p;
}
