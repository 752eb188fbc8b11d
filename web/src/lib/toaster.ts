import { createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from './env';

export const toaster = createToaster({
  placement: 'top-end',
  duration: TOAST_DURATION_MS,
  max: 4,
  pauseOnPageIdle: true,
});

export type NoticeType = 'success' | 'error' | 'info' | 'warning';

export function notify(type: NoticeType, message: string): void {
  toaster.create({ type, description: message, closable: true });
}
