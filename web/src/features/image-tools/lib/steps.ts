import type { Edit } from '@/types/api.gen';

/** The spec's crop auto-apply delay: a crop box left unchanged this long is applied. */
export const CROP_AUTO_APPLY_MS = 1000;
/** The server's decode limits (domain::gallery MAX_SIDE, MAX_PIXELS): a resize beyond is refused. */
export const MAX_SIDE = 8000;
export const MAX_PIXELS = 40_000_000;

export interface Size {
  width: number;
  height: number;
}

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The picture's size after `steps`, as the server works it out. */
export function sizeAfter(start: Size, steps: readonly Edit[]): Size {
  return steps.reduce<Size>((size, step) => {
    if ('crop' in step) return { width: step.crop.width, height: step.crop.height };
    if ('resize' in step) return { width: step.resize.width, height: step.resize.height };
    if ('rotate' in step && step.rotate % 180 !== 0) return { width: size.height, height: size.width };
    return size;
  }, start);
}

/** The crop box kept inside the picture and at least 1 × 1 (whole pixels). */
export function clampCrop(box: CropBox, size: Size): CropBox {
  const whole = (n: number) => (Number.isFinite(n) ? Math.round(n) : 0);
  const x = Math.min(Math.max(whole(box.x), 0), size.width - 1);
  const y = Math.min(Math.max(whole(box.y), 0), size.height - 1);
  const width = Math.min(Math.max(whole(box.width), 1), size.width - x);
  const height = Math.min(Math.max(whole(box.height), 1), size.height - y);
  return { x, y, width, height };
}

/** Whether a resize is within the server's limits. */
export const resizeAllowed = ({ width, height }: Size) =>
  Number.isInteger(width) &&
  Number.isInteger(height) &&
  width >= 1 &&
  height >= 1 &&
  width <= MAX_SIDE &&
  height <= MAX_SIDE &&
  width * height <= MAX_PIXELS;

/** The height that keeps `size`'s aspect ratio at `width`. */
export const keepRatio = (size: Size, width: number) => Math.max(1, Math.round((width * size.height) / size.width));
