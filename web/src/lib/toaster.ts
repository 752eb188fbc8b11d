import { createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS, TOAST_FADE_MS, TOAST_TOP_OFFSET } from './env';

/**
 * The plain toasts (spec: 3000 ms, then a 500 ms fade), top-end and below the top bar, so that
 * they never cover its buttons.
 */
export const toaster = createToaster({
  placement: 'top-end',
  duration: TOAST_DURATION_MS,
  removeDelay: TOAST_FADE_MS,
  offsets: { top: `${TOAST_TOP_OFFSET}px`, right: '1rem', bottom: '1rem', left: '1rem' },
  max: 4,
  pauseOnPageIdle: true,
});

export type NoticeType = 'success' | 'error' | 'info' | 'warning';

export function notify(type: NoticeType, message: string): void {
  toaster.create({ type, description: message, closable: true });
}
