import useSWR from 'swr';
import { quietFetcher } from '@/lib/api';
import type { ImportedPage } from '@/types/api.gen';

/** The picker offers the newest imports; an older one is still found by typing its id. */
export const IMPORTED_PICK_SIZE = 100;
export const importedKey = `center/products/imported_list?page=1&page_size=${IMPORTED_PICK_SIZE}`;

/** The workspace's imported products (import list and product center), newest first. */
export function useImportedProducts() {
  return useSWR<ImportedPage>(importedKey, quietFetcher, { revalidateOnFocus: false });
}
