/**
 * A tiny store outside React (for useSyncExternalStore), so that a toast mounted once in the
 * shell sees work started on any page. `onSet` runs with every new state (to persist it).
 */
export function createExternalStore<T>(initial: T, onSet?: (state: T) => void) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
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
}
