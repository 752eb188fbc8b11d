import { HEIC_JPEG_QUALITY, isHeic, jpegName } from './rules';

/**
 * A HEIC photo becomes a JPEG at quality 0.3 before it is sent (spec section 5): the server has
 * no HEIC decoder and refuses one that arrives raw. heic-to (libheif, LGPL-3.0) is loaded only
 * when a HEIC file is chosen: it is 3 MB. Its `csp` build runs without `eval`, in a worker it
 * starts from a blob (the API's policy allows `worker-src blob:` for it).
 */
export async function toUploadable(file: File): Promise<File> {
  if (!isHeic(file)) return file;
  const { heicTo } = await import('heic-to/csp');
  const jpeg = await heicTo({ blob: file, type: 'image/jpeg', quality: HEIC_JPEG_QUALITY });
  return new File([jpeg], jpegName(file.name), { type: 'image/jpeg' });
}
