import useSWR from 'swr';
import { api } from '@/lib/api';
import { usePolledItems } from '@/lib/use-polled-items';
import type { BulkStarted, BulkWriteInput, ProgressItem } from '@/types/api.gen';

/** Which products a bulk writing page offers: the import list's or the product center's. */
export type WritableSource = 'import' | 'pushed';

export interface WritableProduct {
  id: string;
  title: string;
  image?: string | null;
}

/** The products one page offers to write: a page of 50 (the server takes up to 100 a request). */
export const BULK_MAX = 50;
export const WRITE_POLL_MS = 1500;

const LIST_PATHS: Record<WritableSource, string> = {
  import: 'center/products/import/listing',
  pushed: 'center/products/pushed',
};

/** The first page of products the owner can have written, newest first. */
export function useWritableProducts(source: WritableSource) {
  const key = `${LIST_PATHS[source]}?page=1&page_size=${BULK_MAX}`;
  return useSWR<{ total: number; items: WritableProduct[] }>(key, { revalidateOnMount: true });
}

export const startBulkWrite = (input: BulkWriteInput) => api.post<BulkStarted>('center/products/ai-write', input);

const busy = (i: ProgressItem) => i.status === 'processing';

/** The writing jobs `ids`, polled while one is still writing. */
export function useWriteProgress(ids: readonly string[]) {
  return usePolledItems<ProgressItem>(ids.length ? 'progress?kind=ai_write' : null, ids, WRITE_POLL_MS, busy);
}
