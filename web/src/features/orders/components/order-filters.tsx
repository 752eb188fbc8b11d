import { Button, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '@/components/icons';
import { PRODUCT_SOURCES, sourceName } from '@/lib/sources';
import type { OrderFilters as Filters } from '../lib/filters';

interface OrderFiltersProps {
  filters: Filters;
  stores: { id: string; name: string }[];
  onChange: (next: Partial<Filters>) => void;
}

function Select({
  value,
  onChange,
  testId,
  label,
  children,
}: {
  value: string;
  onChange: (v: string) => void;
  testId: string;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <NativeSelect.Root size="sm" w="auto" minW="36">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} aria-label={label} bg="bg">
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Date range (default the last 7 days), channel (store), source, marked, keyword. */
export function OrderFilters({ filters, stores, onChange }: OrderFiltersProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(filters.keyword);
  useEffect(() => setKeyword(filters.keyword), [filters.keyword]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ keyword: keyword.trim() });
  };
  return (
    <HStack gap="2" wrap="wrap" data-testid="order-filters">
      <Input
        type="date"
        size="sm"
        w="auto"
        bg="bg"
        value={filters.from}
        max={filters.to}
        onChange={(e) => e.target.value && onChange({ from: e.target.value })}
        aria-label={t('orders.filters.from')}
        data-testid="order-filter-from"
      />
      <Input
        type="date"
        size="sm"
        w="auto"
        bg="bg"
        value={filters.to}
        min={filters.from}
        onChange={(e) => e.target.value && onChange({ to: e.target.value })}
        aria-label={t('orders.filters.to')}
        data-testid="order-filter-to"
      />
      <Select
        value={filters.channel}
        onChange={(channel) => onChange({ channel })}
        testId="order-filter-channel"
        label={t('orders.filters.channel')}
      >
        <option value="all">{t('orders.filters.allChannels')}</option>
        {stores.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </Select>
      <Select
        value={filters.source}
        onChange={(source) => onChange({ source })}
        testId="order-filter-source"
        label={t('orders.filters.source')}
      >
        <option value="all">{t('orders.filters.allSources')}</option>
        {PRODUCT_SOURCES.map((s) => (
          <option key={s} value={s}>
            {sourceName(s)}
          </option>
        ))}
      </Select>
      <Select
        value={filters.mark}
        onChange={(mark) => onChange({ mark: mark as Filters['mark'] })}
        testId="order-filter-mark"
        label={t('orders.filters.mark')}
      >
        <option value="all">{t('orders.filters.markAll')}</option>
        <option value="1">{t('orders.filters.marked')}</option>
        <option value="0">{t('orders.filters.unmarked')}</option>
      </Select>
      <HStack as="form" onSubmit={submit} gap="1" role="search">
        <Input
          size="sm"
          bg="bg"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder={t('orders.filters.keyword')}
          data-testid="order-filter-keyword"
        />
        <Button type="submit" size="sm" variant="outline" aria-label={t('orders.filters.search')} data-testid="order-filter-search">
          <SearchIcon />
        </Button>
      </HStack>
    </HStack>
  );
}
