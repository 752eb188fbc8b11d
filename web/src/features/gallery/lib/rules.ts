/**
 * The image library's rules (spec sections 5 and 9), pure so they are tested without a browser:
 * what the uploader accepts, how many files it takes, how a long name is shown, when the next
 * page loads.
 */

/** Spec section 5: jpg, jpeg, png, svg, heic and webp. HEIC is converted before it is sent. */
export const ACCEPTED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg', 'heic', 'webp'] as const;
/** The file input's `accept`: extensions and types, since phones report HEIC by either. */
export const ACCEPT = [
  ...ACCEPTED_EXTENSIONS.map((e) => `.${e}`),
  'image/jpeg',
  'image/png',
  'image/svg+xml',
  'image/heic',
  'image/webp',
].join(',');
export const MAX_IMAGES = 250;
export const MAX_MB = 2;
export const MAX_BYTES = MAX_MB * 1024 * 1024;
export const PAGE_SIZE = 50;
/** Spec section 9: the next page loads within 100 px of the scroll bottom. */
export const LOAD_MORE_PX = 100;
/** Spec section 5: names longer than this are shortened in the upload list. */
export const NAME_CHARS = 25;
/** Spec section 5: HEIC becomes JPEG at quality 0.3. */
export const HEIC_JPEG_QUALITY = 0.3;

const extension = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

export function isAccepted(file: Pick<File, 'name'>): boolean {
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(extension(file.name));
}

export function isHeic(file: Pick<File, 'name' | 'type'>): boolean {
  return ['heic', 'heif'].includes(extension(file.name)) || /^image\/hei[cf]/.test(file.type);
}

/** The name a HEIC file is sent under once converted: the same stem, `.jpg`. */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.jpg`;
}

/**
 * Splits chosen files into the ones uploaded and the ones dropped: at most `MAX_IMAGES` in the
 * library, so beyond the room left the rest are dropped (spec section 5).
 */
export function takeFiles<T>(files: readonly T[], inLibrary: number): { taken: T[]; dropped: T[] } {
  const room = Math.max(0, MAX_IMAGES - inLibrary);
  return { taken: files.slice(0, room), dropped: files.slice(room) };
}

/** The drop zone is disabled once the library is full. */
export const isFull = (inLibrary: number) => inLibrary >= MAX_IMAGES;

/** A name over 25 characters keeps its start and its extension around an ellipsis. */
export function shortName(name: string, max = NAME_CHARS): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 6 ? [...name.slice(dot)] : [];
  const keep = max - 1 - ext.length;
  return `${chars.slice(0, keep).join('')}…${ext.join('')}`;
}

/** Spec section 5: the URL is trimmed; Add is disabled while it is empty. */
export const cleanLink = (value: string) => value.trim();

/** Whether a scrolled box is within `LOAD_MORE_PX` of its bottom. */
export function nearBottom(box: Pick<HTMLElement, 'scrollTop' | 'clientHeight' | 'scrollHeight'>): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= LOAD_MORE_PX;
}

/**
 * A library file's address as a store can fetch it: the list answers a path on the API's host
 * (`/api/gallery-files/…`), and a product pushed to Shopify or WooCommerce needs the whole address.
 */
export function absoluteUrl(path: string, apiBase: string, here: string): string {
  return new URL(path, new URL(apiBase, here)).href;
}
