import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkRead } from '../api/notifications';

/** Marks every notification of the workplace read. */
export function MarkAllRead({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const { markAllRead } = useMarkRead();
  const run = async () => {
    setBusy(true);
    try {
      await markAllRead();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="outline"
      disabled={disabled}
      loading={busy}
      onClick={() => void run()}
      data-testid="notifications-mark-all-read"
    >
      {t('notifications.markAllRead')}
    </Button>
  );
}
