import { useRef, useState } from 'react';

/**
 * The rows a list page has selected, across its pages. `items` are the rows the page shows now;
 * the newest copy of every row seen on any page is kept, so that acting on a selection that spans
 * pages (push, push again) hands over current rows, not the copies of when they were ticked.
 * A new `resetKey` (a push handed the rows over) clears the selection.
 */
export function usePageSelection<T extends { id: string }>(items: readonly T[], resetKey?: unknown) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    setSelected(new Set());
  }
  const seen = useRef(new Map<string, T>());
  for (const item of items) seen.current.set(item.id, item);

  const change = (rows: readonly { id: string }[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const row of rows) {
        if (on) next.add(row.id);
        else next.delete(row.id);
      }
      return next;
    });
  const allOnPage = items.length > 0 && items.every((i) => selected.has(i.id));
  const someOnPage = items.some((i) => selected.has(i.id));

  return {
    ids: [...selected],
    count: selected.size,
    has: (id: string) => selected.has(id),
    /** Ticks or unticks one row. */
    select: (row: { id: string }, on: boolean) => change([row], on),
    /** Ticks or unticks every row of the page. */
    selectPage: (on: boolean) => change(items, on),
    clear: () => setSelected(new Set()),
    /** How much of the page is selected (the select-all box's state). */
    pageState: (allOnPage ? 'all' : someOnPage ? 'some' : 'none') as 'all' | 'some' | 'none',
    pageHasRows: items.length > 0,
    /** The selected rows, each as last seen (call it when acting, not while rendering). */
    rows: () => [...selected].map((id) => seen.current.get(id)).filter((row): row is T => Boolean(row)),
  };
}

export type PageSelection<T extends { id: string }> = ReturnType<typeof usePageSelection<T>>;
