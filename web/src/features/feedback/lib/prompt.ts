import { FEEDBACK_DELAY_MS } from '@/lib/env';
import { STORAGE_KEYS, readItem, writeItem } from '@/lib/storage';

/**
 * Spec section 4: the feedback widget opens once, 5 s after a multi-import, only if it was never
 * opened before. `open` runs at most once per browser; the answer: whether it was scheduled.
 */
export function scheduleFeedback(open: () => void, delayMs = FEEDBACK_DELAY_MS): boolean {
  if (readItem(STORAGE_KEYS.feedbackOpened)) return false;
  writeItem(STORAGE_KEYS.feedbackOpened, new Date().toISOString());
  setTimeout(open, delayMs);
  return true;
}
