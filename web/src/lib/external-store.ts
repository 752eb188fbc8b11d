/** Each store made here, as a way back to its first state (`resetExternalStores`). */
const made: (() => void)[] = [];

/**
 * A tiny store outside React (for useSyncExternalStore), so that a toast mounted once in the
 * shell sees work started on any page. `onSet` runs with every new state (to persist it).
 */
export function createExternalStore<T>(initial: T, onSet?: (state: T) => void) {
  let state = initial;
  const listeners = new Set<() => void>();
  const store = {
    get: () => state,
    set(next: T) {
      if (next === state) return;
      state = next;
      onSet?.(next);
      for (const l of listeners) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  made.push(() => store.set(initial));
  return store;
}

/**
 * Puts every store back to its first state. The unit tests' files share one environment per
 * worker, and a push or placement one file followed must not show in the next.
 */
export function resetExternalStores(): void {
  for (const reset of made) reset();
}
