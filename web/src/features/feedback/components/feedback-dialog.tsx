import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/ui/dialog-shell';
import { messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import { sendFeedback } from '../api/feedback';

const RATINGS = [1, 2, 3, 4, 5] as const;

/** The feedback widget: how it went (1–5) and, if the owner likes, what to improve. */
export function FeedbackDialog({ open, context, onClose }: { open: boolean; context: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!rating) {
      setError(t('feedback.pickRating'));
      return;
    }
    setBusy(true);
    const res = await sendFeedback({ rating, message, context });
    setBusy(false);
    if (!res.success) {
      setError(messageOf(res));
      return;
    }
    notify('success', t('feedback.thanks'));
    onClose();
  };

  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title={t('feedback.title')}
      testId="feedback-dialog"
      onSubmit={submit}
      action={{ label: t('feedback.send'), loading: busy, testId: 'feedback-send' }}
    >
      <Stack gap="4">
        <Text>{t('feedback.question')}</Text>
        <HStack gap="2" role="radiogroup" aria-label={t('feedback.question')}>
          {RATINGS.map((r) => (
            <Button
              key={r}
              size="sm"
              role="radio"
              aria-checked={rating === r}
              aria-label={t('feedback.rating', { rating: r })}
              variant={rating === r ? 'solid' : 'outline'}
              colorPalette="teal"
              onClick={() => setRating(r)}
              data-testid={`feedback-rating-${r}`}
            >
              {r}
            </Button>
          ))}
        </HStack>
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>{t('feedback.message')}</Field.Label>
          <Textarea value={message} onChange={(e) => setMessage(e.target.value)} maxLength={2000} data-testid="feedback-message" />
          {error ? <Field.ErrorText data-testid="feedback-error">{error}</Field.ErrorText> : null}
        </Field.Root>
      </Stack>
    </DialogShell>
  );
}
