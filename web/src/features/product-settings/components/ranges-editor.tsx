import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PlusIcon, TrashIcon } from '@/components/icons';
import { MoneyInput } from '@/components/money-input';
import type { CostRange, PricingRule } from '@/types/products';
import { nextRange } from '../lib/pricing';

/** Cost ranges (min, max or open-ended, value), in order: the first range holding a cost applies. */
export function RangesEditor({ rule, onChange }: { rule: PricingRule; onChange: (rule: PricingRule) => void }) {
  const { t } = useTranslation();
  const setRange = (index: number, patch: Partial<CostRange>) =>
    onChange({ ...rule, ranges: rule.ranges.map((r, i) => (i === index ? { ...r, ...patch } : r)) });
  const valueLabel = rule.mode === 'multiplier' ? t('productSettings.multiplier') : t('productSettings.amount');
  return (
    <Stack gap="2" data-testid="pricing-ranges">
      {rule.ranges.length > 0 ? (
        <HStack gap="2" fontSize="xs" color="fg.muted" display={{ base: 'none', sm: 'flex' }}>
          <Text flex="1">{t('productSettings.costFrom')}</Text>
          <Text flex="1">{t('productSettings.costTo')}</Text>
          <Text flex="1">{valueLabel}</Text>
          <Text w="8" />
        </HStack>
      ) : null}
      {rule.ranges.map((r, i) => (
        <HStack key={i} gap="2" data-testid={`pricing-range-${i}`}>
          <MoneyInput
            flex="1"
            size="sm"
            value={r.min}
            onChange={(v) => setRange(i, { min: v ?? Number.NaN })}
            aria-label={t('productSettings.costFrom')}
            data-testid={`range-min-${i}`}
          />
          <MoneyInput
            flex="1"
            size="sm"
            value={r.max ?? null}
            onChange={(v) => setRange(i, { max: v })}
            placeholder={t('productSettings.noLimit')}
            aria-label={t('productSettings.costTo')}
            data-testid={`range-max-${i}`}
          />
          <MoneyInput
            flex="1"
            size="sm"
            value={r.value}
            onChange={(v) => setRange(i, { value: v ?? Number.NaN })}
            aria-label={valueLabel}
            data-testid={`range-value-${i}`}
          />
          <IconButton
            size="sm"
            variant="ghost"
            colorPalette="red"
            aria-label={t('productSettings.removeRange')}
            onClick={() => onChange({ ...rule, ranges: rule.ranges.filter((_, j) => j !== i) })}
            data-testid={`range-remove-${i}`}
          >
            <TrashIcon />
          </IconButton>
        </HStack>
      ))}
      <Button
        size="sm"
        variant="outline"
        alignSelf="start"
        onClick={() => onChange({ ...rule, ranges: [...rule.ranges, nextRange(rule)] })}
        data-testid="range-add"
      >
        <PlusIcon />
        {t('productSettings.addRange')}
      </Button>
    </Stack>
  );
}
