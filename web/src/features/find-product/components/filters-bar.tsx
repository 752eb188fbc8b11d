import { Checkbox, Field, HStack, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '@/lib/countries';
import { currentLanguage } from '@/lib/i18n';
import type { CategoryNode, Collection } from '@/types/products';
import { categoryLabel, flattenCategories } from '../lib/categories';
import { type FindFilters, ORDER_COUNT_RANGES, PRICE_RANGES, SHIP_FROM_COUNTRIES } from '../lib/query';

function FilterSelect({
  label,
  value,
  onChange,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Field.Root w={{ base: 'calc(50% - 6px)', md: '44' }}>
      <Field.Label fontSize="xs" color="fg.muted" mb="0.5">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

interface FiltersBarProps {
  filters: FindFilters;
  onChange: (change: Partial<FindFilters>) => void;
  collections: readonly Collection[];
  categories?: readonly CategoryNode[];
  collection: string | null;
  onCollection: (slug: string | null) => void;
}

/** Category, order-count and price ranges, ship-from, 4 stars and up, and the promotional collections. */
export function FiltersBar({ filters, onChange, collections, categories, collection, onCollection }: FiltersBarProps) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const categoryOptions = flattenCategories(categories);
  // A category of the address bar not (yet) in the tree still shows as chosen.
  const unknownCategory = filters.category && !categoryOptions.some((c) => c.id === filters.category);
  return (
    <HStack gap="3" wrap="wrap" align="end" data-testid="find-filters">
      <FilterSelect
        label={t('findProduct.filters.category')}
        value={filters.category}
        onChange={(v) => onChange({ category: v })}
        testId="filter-category"
      >
        <option value="">{t('findProduct.filters.allCategories')}</option>
        {unknownCategory ? <option value={filters.category}>{filters.category}</option> : null}
        {categoryOptions.map((c) => (
          <option key={c.id} value={c.id}>
            {categoryLabel(c)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label={t('findProduct.filters.orders')}
        value={filters.orderCount}
        onChange={(v) => onChange({ orderCount: v })}
        testId="filter-order-count"
      >
        <option value="">{t('findProduct.filters.any')}</option>
        {ORDER_COUNT_RANGES.map((r) => (
          <option key={r} value={r}>
            {t(`findProduct.filters.orderRanges.${r}`)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label={t('findProduct.filters.price')}
        value={filters.price}
        onChange={(v) => onChange({ price: v })}
        testId="filter-price"
      >
        <option value="">{t('findProduct.filters.any')}</option>
        {PRICE_RANGES.map((r) => (
          <option key={r} value={r}>
            {t(`findProduct.filters.priceRanges.${r}`)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label={t('findProduct.filters.shipFrom')}
        value={filters.shipFrom}
        onChange={(v) => onChange({ shipFrom: v })}
        testId="filter-ship-from"
      >
        <option value="">{t('findProduct.filters.anywhere')}</option>
        {SHIP_FROM_COUNTRIES.map((c) => (
          <option key={c} value={c}>
            {countryName(c, locale)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label={t('findProduct.filters.collection')}
        value={collection ?? ''}
        onChange={(v) => onCollection(v || null)}
        testId="filter-collection"
      >
        <option value="">{t('findProduct.filters.allProducts')}</option>
        {collections.map((c) => (
          <option key={c.slug} value={c.slug}>
            {t(`findProduct.collections.${c.slug}`, { defaultValue: c.name })}
          </option>
        ))}
      </FilterSelect>
      <Checkbox.Root
        checked={filters.rating}
        onCheckedChange={(e) => onChange({ rating: e.checked === true })}
        size="sm"
        pb="2"
        data-testid="filter-rating"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('findProduct.filters.rating')}</Checkbox.Label>
      </Checkbox.Root>
    </HStack>
  );
}
