/** Spec: a product video starts playing (muted) this long after it is shown. */
export const VIDEO_AUTOPLAY_DELAY_MS = 3000;

/**
 * The message key for a video that failed (spec: codes 1 to 4 map to error_video_code_1 to 4,
 * else error_video_unknown). The codes are the HTML MediaError's: 1 MEDIA_ERR_ABORTED,
 * 2 MEDIA_ERR_NETWORK, 3 MEDIA_ERR_DECODE, 4 MEDIA_ERR_SRC_NOT_SUPPORTED.
 */
export function videoErrorKey(code: number | null | undefined): string {
  const known = code === 1 || code === 2 || code === 3 || code === 4;
  return `findProduct.video.${known ? `error_video_code_${code}` : 'error_video_unknown'}`;
}
