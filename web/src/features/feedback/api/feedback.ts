import { api } from '@/lib/api';
import type { FeedbackInput } from '@/types/api.gen';

/** The widget's answer (spec: POST core/mvp/feedback). */
export const sendFeedback = (input: FeedbackInput) => api.post<{ id: number }>('core/mvp/feedback', input, { silent: true });
