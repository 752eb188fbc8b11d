import { DialogShell } from '@/components/ui/dialog-shell';
import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

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
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title={title}
      testId={testId}
      action={{ label: submitLabel, onClick: onSubmit, loading, disabled: !canSubmit, testId: `${testId}-submit` }}
    >
      <Stack gap="3">
        {children}
        {error ? (
          <Text fontSize="sm" color="fg.error" data-testid={`${testId}-error`}>
            {error}
          </Text>
        ) : null}
      </Stack>
    </DialogShell>
  );
}
