import { Button } from '@chakra-ui/react';
import { RefreshIcon } from '@/components/icons';

interface SyncButtonProps {
  /** The sync being run: whether it runs, and how to start it. */
  syncing: boolean;
  onStart: () => void;
  label: string;
  /** Said while it runs, instead of the label. */
  loadingText?: string;
  disabled?: boolean;
  /** `data-syncing` tells the tests whether the sync runs. */
  testId: string;
}

/** A page's "sync now" (store products, supplier changes): busy until the sync's job ends. */
export function SyncButton({ syncing, onStart, label, loadingText, disabled, testId }: SyncButtonProps) {
  return (
    <Button
      variant="outline"
      colorPalette="teal"
      onClick={onStart}
      loading={syncing}
      loadingText={loadingText}
      disabled={disabled}
      data-testid={testId}
      data-syncing={syncing}
    >
      <RefreshIcon />
      {label}
    </Button>
  );
}
