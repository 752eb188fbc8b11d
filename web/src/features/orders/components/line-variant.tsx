import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LineItem } from '@/types/orders';
import { lineOptions, lineSku } from '../lib/line-label';

/** A line's option values and SKU (store's, else supplier's), never Dropline's internal ids. */
export function LineVariant({
  line,
  fontSize = 'sm',
}: {
  line: Pick<LineItem, 'variant_title' | 'sku' | 'sku_id'>;
  fontSize?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const options = lineOptions(line);
  const sku = lineSku(line);
  if (!options && !sku) return null;
  return (
    <Text fontSize={fontSize} color="fg.muted" data-testid="order-line-variant">
      {options ? <span data-testid="order-line-options">{options}</span> : null}
      {options && sku ? ' · ' : null}
      {sku ? (
        <span data-testid="order-line-sku" data-kind={sku.kind}>
          {t(sku.kind === 'store' ? 'orders.line.storeSku' : 'orders.line.supplierSku', { sku: sku.value })}
        </span>
      ) : null}
    </Text>
  );
}
