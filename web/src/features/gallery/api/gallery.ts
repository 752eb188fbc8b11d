import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { useCallback } from 'react';
import { api, type Envelope } from '@/lib/api';
import type { Image, ImageOrigins, Page } from '@/types/api.gen';
import { PAGE_SIZE } from '../lib/rules';

export type { Image };

export const GALLERY_LIST_PATH = 'center/products/galleries/list';
const UPLOAD_PATH = 'center/products/galleries/upload';

/** The key of page `index` (0-based); null once the previous page was the last. */
export function galleryPageKey(index: number, previous: Page | null): string | null {
  if (previous && (previous.items.length < PAGE_SIZE || index * PAGE_SIZE >= previous.total)) return null;
  return `${GALLERY_LIST_PATH}?page=${index + 1}&page_size=${PAGE_SIZE}`;
}

/** The library, newest first, 50 a page; `loadMore` asks for the next page while there is one. */
export function useGallery(enabled = true) {
  const swr = useSWRInfinite<Page>((index, previous: Page | null) => (enabled ? galleryPageKey(index, previous) : null), {
    // The first page is read again with the rest after an upload, not each time a page is added.
    revalidateFirstPage: false,
    revalidateOnMount: true,
  });
  const pages = swr.data ?? [];
  const items = pages.flatMap((p) => p.items);
  const total = pages.at(-1)?.total ?? 0;
  const loadingMore = swr.isLoading || (swr.size > 0 && swr.data !== undefined && swr.data[swr.size - 1] === undefined);
  const hasMore = items.length < total;
  const { setSize } = swr;
  const loadMore = useCallback(() => {
    if (hasMore && !loadingMore) void setSize((s) => s + 1);
  }, [hasMore, loadingMore, setSize]);
  return {
    items,
    total,
    hasMore,
    loadingMore,
    loadMore,
    error: swr.error as Error | undefined,
    isLoading: swr.isLoading,
    refresh: swr.mutate,
  };
}

/** Adds a file (already converted when it was HEIC) or an address to the library. */
export function uploadImage(source: { file: File } | { link: string }): Promise<Envelope<Image>> {
  const form = new FormData();
  if ('file' in source) form.append('file', source.file, source.file.name);
  else form.append('link', source.link);
  return api.post<Image>(UPLOAD_PATH, form, { silent: true });
}

export const deleteImage = (id: string) => api.delete<null>(`center/products/galleries/${encodeURIComponent(id)}`, { silent: true });

/** The supplier's images of an imported product (the picker's Product tab). */
export function useImageOrigins(productId: string | null) {
  return useSWR<ImageOrigins>(productId ? `center/products/${encodeURIComponent(productId)}/image-origins` : null);
}
