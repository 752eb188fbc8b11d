import { Badge, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type UploadRow } from '../lib/use-uploads';
import { shortName } from '../lib/rules';

/** The row's error in words: the server's code translated (imageOverSize says the 2 MB), else its own sentence. */
export function useRowError() {
  const { t, i18n } = useTranslation();
  return (error: UploadRow['error']) => {
    if (!error) return '';
    if ('text' in error) return error.text;
    const key = `gallery.errors.${error.code}`;
    return i18n.exists(key) ? t(key, { size: error.size ?? 2 }) : error.code;
  };
}

const PALETTE = { processing: 'gray', done: 'green', error: 'red' } as const;

/** Spec section 2: the upload status card, one row per file with its status. */
export function UploadStatus({ rows, dropped, onClear }: { rows: UploadRow[]; dropped: number; onClear: () => void }) {
  const { t } = useTranslation();
  const errorText = useRowError();
  if (rows.length === 0 && dropped === 0) return null;
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="lg" p="3" data-testid="upload-status" aria-live="polite">
      <HStack justify="space-between">
        <Text fontWeight="medium">{t('gallery.upload.status')}</Text>
        <Button size="xs" variant="ghost" onClick={onClear} data-testid="upload-status-clear">
          {t('gallery.upload.clear')}
        </Button>
      </HStack>
      {dropped > 0 ? (
        <Text fontSize="sm" color="orange.fg" data-testid="upload-dropped">
          {t('gallery.upload.dropped', { count: dropped, max: 250 })}
        </Text>
      ) : null}
      {rows.map((row) => (
        <Stack key={row.id} gap="0.5" data-testid="upload-row" data-status={row.status}>
          <HStack justify="space-between" gap="2">
            <Text fontSize="sm" title={row.name} data-testid="upload-row-name" dir="ltr" truncate>
              {shortName(row.name)}
            </Text>
            <HStack gap="1.5" flexShrink={0}>
              {row.status === 'processing' ? <Spinner size="xs" /> : null}
              <Badge colorPalette={PALETTE[row.status]} size="sm">
                {t(`gallery.upload.${row.status}`)}
              </Badge>
            </HStack>
          </HStack>
          {row.status === 'error' ? (
            <Text fontSize="xs" color="fg.error" data-testid="upload-row-error">
              {errorText(row.error)}
            </Text>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}
