export { FeedbackDialog } from './components/feedback-dialog';
export { scheduleFeedback } from './lib/prompt';
