import { Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { sourceName } from '@/lib/sources';
import { useImportedProducts } from '../api/imported';

interface ImportedChoiceProps {
  /** The chosen import's supplier product. */
  onPick: (source: string, sourceProductId: string) => void;
  testId: string;
}

/** A supplier product the workspace already imported, chosen by its title instead of typing its id; hidden when there is none. */
export function ImportedChoice({ onPick, testId }: ImportedChoiceProps) {
  const { t } = useTranslation();
  const { data } = useImportedProducts();
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Field.Root>
      <Field.Label fontSize="sm">{t('mapping.importedProduct')}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value=""
          onChange={(e) => {
            const item = items.find((i) => i.id === e.target.value);
            if (item) onPick(item.source, item.source_product_id);
          }}
          data-testid={`${testId}-imported`}
        >
          <option value="">{t('mapping.chooseImported')}</option>
          {items.map((i) => (
            <option key={i.id} value={i.id}>
              {`${i.title} · ${sourceName(i.source)}`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
