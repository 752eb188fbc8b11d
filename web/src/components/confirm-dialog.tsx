import { DialogShell } from '@/components/ui/dialog-shell';
import { Text } from '@chakra-ui/react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}

/** Confirmation before a destructive action (disconnect, removal, deletion). */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  loading,
  onConfirm,
  onClose,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={title}
      testId={testId}
      action={{ label: confirmLabel, onClick: onConfirm, palette: 'red', loading, testId: `${testId}-confirm` }}
    >
      <Text color="fg.muted">{body}</Text>
    </DialogShell>
  );
}
