import { useCallback, useRef, useState } from 'react';
import type { ImportedProduct } from '@/types/products';
import { type CardImportState, QUOTA_PROMPT, cardState, importOutcome } from '../lib/import-state';
import { productKey } from '../lib/query';
import { importAllStatus, importProduct, startImportAll } from './products';

export interface ImportHandlers {
  /** An import succeeded (the caller refreshes the plan and the counts). */
  onImported?: (product: ImportedProduct | null) => void;
  /** QUOTA_EXPIRED: out of IMPORT_PRODUCT quota. */
  onQuotaExpired?: () => void;
  /** Any other failure, with the server's message. */
  onFailed?: (message: string) => void;
}

/** Spec section 8: an import-all item failing on the quota says one of these. */
const QUOTA_ERRORS = new Set([QUOTA_PROMPT, 'SYSTEM_QUOTA_EXCEEDED', 'EXCEED_QUOTA_LIMIT']);
const IMPORT_ALL_POLL_MS = 1000;
const IMPORT_ALL_WAIT_MS = 5 * 60_000;

type Importable = { source: string; source_product_id: string; imported?: boolean; product_package_id?: string | null };

/** Import states of the cards of a page, and the import call. */
export function useProductImport(handlers: ImportHandlers = {}) {
  const [states, setStates] = useState<Record<string, CardImportState>>({});
  const busy = useRef(new Set<string>());
  const latest = useRef(handlers);
  latest.current = handlers;

  const start = useCallback(async (product: Importable, shipTo: string) => {
    const key = productKey(product);
    if (busy.current.has(key)) return;
    busy.current.add(key);
    setStates((s) => ({ ...s, [key]: { status: 'importing' } }));
    const res = await importProduct(product.source, product.source_product_id, shipTo);
    busy.current.delete(key);
    const next = importOutcome(res);
    setStates((s) => ({ ...s, [key]: next }));
    if (next.status === 'imported') latest.current.onImported?.(res.data);
    else if (next.status === 'error') {
      if (next.quota) latest.current.onQuotaExpired?.();
      else latest.current.onFailed?.(next.message);
    }
  }, []);

  /**
   * Imports `products` in one batch (`import-all`), following it until every job has ended:
   * how many were imported. Each card shows its own outcome.
   */
  const startMany = useCallback(async (products: Importable[], shipTo: string): Promise<number> => {
    const todo = products.filter((p) => !busy.current.has(productKey(p)));
    if (todo.length === 0) return 0;
    const keys = todo.map(productKey);
    keys.forEach((k) => busy.current.add(k));
    const settle = (next: Record<string, CardImportState>) => {
      keys.forEach((k) => busy.current.delete(k));
      setStates((s) => ({ ...s, ...next }));
    };
    setStates((s) => ({ ...s, ...Object.fromEntries(keys.map((k) => [k, { status: 'importing' } as CardImportState])) }));
    const started = await startImportAll(todo.map((p) => ({ source: p.source, source_product_id: p.source_product_id, ship_to: shipTo })));
    if (!started.success || !started.data) {
      const failed = importOutcome({ ...started, data: null });
      settle(Object.fromEntries(keys.map((k) => [k, failed])));
      if (failed.status === 'error') {
        if (failed.quota) latest.current.onQuotaExpired?.();
        else latest.current.onFailed?.(failed.message);
      }
      return 0;
    }
    const deadline = Date.now() + IMPORT_ALL_WAIT_MS;
    let batch = (await importAllStatus(started.data.tracking_id)).data;
    while (batch?.status !== 'done' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, IMPORT_ALL_POLL_MS));
      batch = (await importAllStatus(started.data.tracking_id)).data ?? batch;
    }
    const success = (batch?.success ?? {}) as Record<string, string>;
    const failed = (batch?.failed ?? {}) as Record<string, string>;
    const next: Record<string, CardImportState> = {};
    for (const k of keys) {
      if (success[k]) next[k] = { status: 'imported', id: String(success[k]) };
      else if (failed[k] === 'ProductAlreadyImported') next[k] = { status: 'imported', id: null };
      else {
        const message = failed[k] ?? 'ImportFailed';
        next[k] = { status: 'error', message: QUOTA_ERRORS.has(message) ? QUOTA_PROMPT : message, quota: QUOTA_ERRORS.has(message) };
      }
    }
    settle(next);
    const imported = Object.values(next).filter((s) => s.status === 'imported').length;
    if (imported > 0) latest.current.onImported?.(null);
    if (Object.values(next).some((s) => s.status === 'error' && s.quota)) latest.current.onQuotaExpired?.();
    return imported;
  }, []);

  const stateOf = useCallback(
    (product: Importable) => cardState(states[productKey(product)], Boolean(product.imported), product.product_package_id),
    [states],
  );

  return { start, startMany, stateOf };
}
