import { useCallback, useRef, useState } from 'react';
import type { ImportedProduct } from '@/types/products';
import { type CardImportState, cardState, importOutcome } from '../lib/import-state';
import { productKey } from '../lib/query';
import { importProduct } from './products';

export interface ImportHandlers {
  /** An import succeeded (the caller refreshes the plan and the counts). */
  onImported?: (product: ImportedProduct | null) => void;
  /** QUOTA_EXPIRED: out of IMPORT_PRODUCT quota. */
  onQuotaExpired?: () => void;
  /** Any other failure, with the server's message. */
  onFailed?: (message: string) => void;
}

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

  const stateOf = useCallback(
    (product: Importable) => cardState(states[productKey(product)], Boolean(product.imported), product.product_package_id),
    [states],
  );

  return { start, stateOf };
}
