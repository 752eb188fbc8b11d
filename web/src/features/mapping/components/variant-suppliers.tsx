import { Badge, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, PlusIcon, TrashIcon } from '@/components/icons';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { sourceName } from '@/lib/sources';
import type { StoreVariant } from '@/types/mapping';
import { type DraftSupplier, MAX_SUPPLIERS, addProblem, optionsText } from '../lib/mapping';
import { SupplierPicker } from './supplier-picker';

interface VariantSuppliersProps {
  variant: StoreVariant;
  suppliers: readonly DraftSupplier[];
  currency: string;
  onAdd: (supplier: DraftSupplier) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
}

const up = { transform: 'rotate(180deg)' } as const;

/** A store variant (title, SKU, price, options) and its suppliers in priority order. */
export function VariantSuppliers({ variant, suppliers, currency, onAdd, onMove, onRemove }: VariantSuppliersProps) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const [adding, setAdding] = useState(false);
  const id = variant.id;
  const options = optionsText(variant.options);

  return (
    <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p="4" data-testid="map-variant" data-id={id}>
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        <Stack gap="0.5" minW="0">
          <Text fontWeight="semibold" data-testid="map-variant-title">
            {variant.title || options || t('mapping.defaultVariant')}
          </Text>
          <HStack gap="3" fontSize="sm" color="fg.muted" wrap="wrap">
            <Text data-testid="map-variant-sku">{t('mapping.sku', { sku: variant.sku || '-' })}</Text>
            <Text data-testid="map-variant-price">{formatMoney(variant.price, currency, locale)}</Text>
            {options ? <Text data-testid="map-variant-options">{options}</Text> : null}
          </HStack>
        </Stack>
        <Badge colorPalette={suppliers.length > 0 ? 'teal' : 'gray'}>{t('mapping.supplierCount', { count: suppliers.length })}</Badge>
      </HStack>
      <Stack gap="2" data-testid={`suppliers-${id}`}>
        {suppliers.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" data-testid={`suppliers-empty-${id}`}>
            {t('mapping.noSuppliers')}
          </Text>
        ) : null}
        {suppliers.map((s, i) => (
          <HStack
            key={`${s.source}:${s.source_product_id}:${s.sku_id}`}
            gap="2"
            borderWidth="1px"
            borderRadius="md"
            px="3"
            py="2"
            data-testid="draft-supplier"
            data-priority={i + 1}
            data-source={s.source}
            data-product={s.source_product_id}
            data-sku={s.sku_id}
          >
            <Badge variant="solid" colorPalette={i === 0 ? 'teal' : 'gray'}>
              {t('mapping.priority', { priority: i + 1 })}
            </Badge>
            <Stack gap="0" flex="1" minW="0" fontSize="sm">
              <Text fontWeight="medium" truncate>
                {sourceName(s.source)} · {s.source_product_id}
              </Text>
              <Text color="fg.muted" truncate>
                {t('mapping.supplierSkuId', { sku: s.sku_id })} ·{' '}
                {s.ship_to_countries.length > 0
                  ? t('mapping.shipsTo', { countries: s.ship_to_countries.join(', ') })
                  : t('mapping.shipsAnywhere')}
              </Text>
            </Stack>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('mapping.moveUp')}
              disabled={i === 0}
              onClick={() => onMove(i, -1)}
              data-testid={`supplier-up-${id}-${i}`}
            >
              <ChevronDownIcon css={up} />
            </IconButton>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('mapping.moveDown')}
              disabled={i === suppliers.length - 1}
              onClick={() => onMove(i, 1)}
              data-testid={`supplier-down-${id}-${i}`}
            >
              <ChevronDownIcon />
            </IconButton>
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={t('mapping.removeSupplier')}
              onClick={() => onRemove(i)}
              data-testid={`supplier-remove-${id}-${i}`}
            >
              <TrashIcon />
            </IconButton>
          </HStack>
        ))}
      </Stack>
      {adding ? (
        <SupplierPicker
          variantId={id}
          problemOf={(s) => addProblem(suppliers, s)}
          onAdd={(s) => {
            onAdd(s);
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          disabled={suppliers.length >= MAX_SUPPLIERS}
          onClick={() => setAdding(true)}
          data-testid={`supplier-add-${id}`}
        >
          <PlusIcon />
          {suppliers.length >= MAX_SUPPLIERS ? t('mapping.addProblems.full') : t('mapping.addSupplier')}
        </Button>
      )}
    </Stack>
  );
}
