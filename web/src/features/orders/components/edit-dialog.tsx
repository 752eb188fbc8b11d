import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface EditDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  loading?: boolean;
  canSubmit?: boolean;
  /** A failure no field names. */
  error?: string | null;
  onSubmit: () => void;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}

/** A small form in a dialog (manual fulfilment, supplier change). */
export function EditDialog({
  open,
  title,
  submitLabel,
  loading,
  canSubmit = true,
  error,
  onSubmit,
  onClose,
  testId,
  children,
}: EditDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {children}
                {error ? (
                  <Text fontSize="sm" color="fg.error" data-testid={`${testId}-error`}>
                    {error}
                  </Text>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={loading}>
                {t('common.cancel')}
              </Button>
              <Button colorPalette="teal" onClick={onSubmit} loading={loading} disabled={!canSubmit} data-testid={`${testId}-submit`}>
                {submitLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
