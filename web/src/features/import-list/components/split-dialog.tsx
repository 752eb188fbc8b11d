import { Button, CloseButton, Dialog, Field, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api';
import type { ImportedProduct } from '@/types/products';
import { ErrorAlert } from '@/components/ui/error-alert';
import { type SplitStatus, splitImported, useSplitStatus } from '../api/import-list';

interface SplitDialogProps {
  open: boolean;
  /** The saved product (a split works on what is saved). */
  product: ImportedProduct;
  /** The editor has unsaved changes, which the split does not keep. */
  dirty: boolean;
  onClose: () => void;
  /** The split finished: the number of products it made. */
  onDone: (count: number) => void;
}

/** Options a product can be split by: two values or more. */
export const splittableOptions = (product: ImportedProduct) => product.options.filter((o) => o.values.length >= 2).map((o) => o.name);

/** "Split by option": one product per value of the chosen option, as a job followed until it ends. */
export function SplitDialog({ open, product, dirty, onClose, onDone }: SplitDialogProps) {
  const { t } = useTranslation();
  const options = splittableOptions(product);
  const [option, setOption] = useState(options[0] ?? '');
  const [trackingId, setTrackingId] = useState<number | string | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const finished = useRef<string | null>(null);
  const chosen = options.includes(option) ? option : (options[0] ?? '');

  // Called by SWR after each poll (outside React's render and effects).
  function finish(status: SplitStatus | null, failure?: string) {
    if (trackingId === null || finished.current === String(trackingId)) return;
    finished.current = String(trackingId);
    setTrackingId(null);
    if (status?.status === 'success') onDone(status.product_ids?.length ?? 0);
    else setError(status?.error || failure || t('importList.split.failed'));
  }
  useSplitStatus(trackingId, {
    onSuccess: (status) => (status.status === 'processing' ? undefined : finish(status)),
    onError: (e) => finish(null, e.message),
  });

  async function start() {
    if (!chosen) return;
    setError(null);
    setStarting(true);
    const res = await splitImported(product.id, chosen);
    setStarting(false);
    if (res.success && res.data?.tracking_id !== undefined && res.data.tracking_id !== null) setTrackingId(res.data.tracking_id);
    else setError(messageOf(res) || t('importList.split.failed'));
  }

  const busy = starting || trackingId !== null;
  return (
    <Dialog.Root open={open} onOpenChange={(e) => (e.open || busy ? undefined : onClose())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="split-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('importList.split.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text color="fg.muted">{t('importList.split.body')}</Text>
                <Field.Root>
                  <Field.Label>{t('importList.split.option')}</Field.Label>
                  <NativeSelect.Root disabled={busy}>
                    <NativeSelect.Field value={chosen} onChange={(e) => setOption(e.target.value)} data-testid="split-option">
                      {options.map((name) => (
                        <option key={name} value={name}>
                          {t('importList.split.optionValues', {
                            name,
                            count: product.options.find((o) => o.name === name)?.values.length ?? 0,
                          })}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                {dirty ? (
                  <Text fontSize="sm" color="orange.700" data-testid="split-unsaved">
                    {t('importList.split.unsaved')}
                  </Text>
                ) : null}
                {error ? <ErrorAlert message={error} testId="split-error" /> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button
                colorPalette="teal"
                onClick={() => void start()}
                loading={busy}
                loadingText={t('importList.split.splitting')}
                disabled={!chosen}
                data-testid="split-confirm"
              >
                {t('importList.split.confirm')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
