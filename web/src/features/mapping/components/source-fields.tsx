import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SourceSelect } from '@/components/ui/source-select';

interface SourceFieldsProps {
  source: string;
  productId: string;
  onSource: (source: string) => void;
  onProductId: (id: string) => void;
  /** Shown after the two fields (e.g. "Find variants"). */
  action?: { label: string; onClick: () => void; loading?: boolean; testId: string };
  testId: string;
}

/** A supplier product: its source (select) and its product id. */
export function SourceFields({ source, productId, onSource, onProductId, action, testId }: SourceFieldsProps) {
  const { t } = useTranslation();
  return (
    <HStack gap="2" align="end" wrap="wrap">
      <SourceSelect
        label={t('mapping.source')}
        value={source}
        onChange={onSource}
        testId={`${testId}-source`}
        w={{ base: 'full', sm: '44' }}
      />
      <Field.Root flex="1" minW="48">
        <Field.Label fontSize="sm">{t('mapping.supplierProductId')}</Field.Label>
        <Input
          size="sm"
          value={productId}
          onChange={(e) => onProductId(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && action) {
              e.preventDefault();
              action.onClick();
            }
          }}
          dir="ltr"
          data-testid={`${testId}-product-id`}
        />
      </Field.Root>
      {action ? (
        <Button
          size="sm"
          variant="outline"
          onClick={action.onClick}
          loading={action.loading}
          disabled={!productId.trim()}
          data-testid={action.testId}
        >
          {action.label}
        </Button>
      ) : null}
    </HStack>
  );
}
