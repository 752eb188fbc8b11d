import { Button, Checkbox, Field, HStack, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sourceName } from '@/lib/sources';
import type { StoreProduct } from '@/types/mapping';
import type { MapGroupInput, SupplierRef } from '../api/mapping';
import { supplierProducts } from '../lib/mapping';
import { SourceFields } from './source-fields';

interface GroupActionsProps {
  product: StoreProduct;
  /** Unsaved variant changes: group actions work on the saved mapping, so they wait. */
  dirty: boolean;
  busy: 'group' | 'replace' | null;
  onMapGroup: (input: MapGroupInput) => void;
  onReplace: (from: SupplierRef, to: SupplierRef) => void;
}

function Section({ title, help, children, testId }: { title: string; help: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p="4" as="section" data-testid={testId}>
      <Stack gap="0.5">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {help}
        </Text>
      </Stack>
      {children}
    </Stack>
  );
}

/** "Map all variants to a supplier product" (map-group) and "Replace supplier" (replace). */
export function GroupActions({ product, dirty, busy, onMapGroup, onReplace }: GroupActionsProps) {
  const { t } = useTranslation();
  const [source, setSource] = useState('aliexpress');
  const [productId, setProductId] = useState('');
  const [append, setAppend] = useState(false);
  const used = supplierProducts(product);
  const [from, setFrom] = useState('');
  const [toSource, setToSource] = useState('aliexpress');
  const [toId, setToId] = useState('');
  const fromKey = from || (used[0] ? `${used[0].source}:${used[0].source_product_id}` : '');
  const fromRef = used.find((u) => `${u.source}:${u.source_product_id}` === fromKey);

  return (
    <Stack gap="4">
      {dirty ? (
        <Text fontSize="sm" color="orange.700" data-testid="group-dirty">
          {t('mapping.saveFirst')}
        </Text>
      ) : null}
      <Section title={t('mapping.group.title')} help={t('mapping.group.help')} testId="map-group">
        <SourceFields source={source} productId={productId} onSource={setSource} onProductId={setProductId} testId="group" />
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Checkbox.Root checked={append} onCheckedChange={(e) => setAppend(e.checked === true)} size="sm" data-testid="group-append">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('mapping.group.append')}</Checkbox.Label>
          </Checkbox.Root>
          <Button
            size="sm"
            colorPalette="teal"
            disabled={dirty || !productId.trim() || busy !== null}
            loading={busy === 'group'}
            onClick={() => onMapGroup({ source, source_product_id: productId.trim(), append })}
            data-testid="group-submit"
          >
            {t('mapping.group.submit')}
          </Button>
        </HStack>
      </Section>
      {used.length > 0 ? (
        <Section title={t('mapping.replace.title')} help={t('mapping.replace.help')} testId="map-replace">
          <Field.Root>
            <Field.Label fontSize="sm">{t('mapping.replace.from')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={fromKey} onChange={(e) => setFrom(e.target.value)} data-testid="replace-from">
                {used.map((u) => (
                  <option key={`${u.source}:${u.source_product_id}`} value={`${u.source}:${u.source_product_id}`}>
                    {sourceName(u.source)} · {u.source_product_id}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Text fontSize="sm" fontWeight="medium">
            {t('mapping.replace.to')}
          </Text>
          <SourceFields source={toSource} productId={toId} onSource={setToSource} onProductId={setToId} testId="replace-to" />
          <Button
            size="sm"
            colorPalette="teal"
            alignSelf="end"
            disabled={dirty || !fromRef || !toId.trim() || busy !== null}
            loading={busy === 'replace'}
            onClick={() => fromRef && onReplace(fromRef, { source: toSource, source_product_id: toId.trim() })}
            data-testid="replace-submit"
          >
            {t('mapping.replace.submit')}
          </Button>
        </Section>
      ) : null}
    </Stack>
  );
}
