import { mutate } from 'swr';
import { api } from '@/lib/api';
import type { Edit, Image } from '@/types/api.gen';

export const editPath = (id: string) => `center/products/galleries/${id}/edit`;
const GALLERY_LIST = 'center/products/galleries/list';

/**
 * Applies `edits` in order to the library image `id`; the server keeps the result as a new image
 * (the original stays). Silent: the dialog shows the refusal beside the tools. On success every
 * cached library page is revalidated, so the new image shows wherever the library is listed.
 */
export async function saveEdits(id: string, edits: readonly Edit[]) {
  const res = await api.post<Image>(editPath(id), edits.length === 1 ? edits[0] : edits, { silent: true });
  if (res.success) await mutate((key) => typeof key === 'string' && key.startsWith(GALLERY_LIST));
  return res;
}
