import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, SortIcon } from '@/components/icons';
import { PRODUCT_SOURCES, sourceName } from '@/lib/sources';
import { SORT_OPTIONS, type SortId } from '../lib/query';

const ALL = 'all';

interface SortSourceMenuProps {
  sort: SortId;
  source: string;
  onSort: (sort: SortId) => void;
  onSource: (source: string) => void;
}

/** Sort (highest profit by default, price and orders both ways) and source (all or one) in one menu. */
export function SortSourceMenu({ sort, source, onSort, onSource }: SortSourceMenuProps) {
  const { t } = useTranslation();
  const sourceLabel = source ? sourceName(source) : t('findProduct.allSources');
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" data-testid="sort-menu" data-sort={sort} data-source={source || ALL}>
          <SortIcon />
          {t(`findProduct.sort.${sort}`)} · {sourceLabel}
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56" data-testid="sort-menu-content">
            <Menu.RadioItemGroup value={sort} onValueChange={(e) => onSort(e.value as SortId)}>
              <Menu.ItemGroupLabel>{t('findProduct.sortBy')}</Menu.ItemGroupLabel>
              {SORT_OPTIONS.map((o) => (
                <Menu.RadioItem key={o.id} value={o.id} data-testid={`sort-option-${o.id}`}>
                  {t(`findProduct.sort.${o.id}`)}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            <Menu.Separator />
            <Menu.RadioItemGroup value={source || ALL} onValueChange={(e) => onSource(e.value === ALL ? '' : e.value)}>
              <Menu.ItemGroupLabel>{t('findProduct.source')}</Menu.ItemGroupLabel>
              <Menu.RadioItem value={ALL} data-testid="source-option-all">
                {t('findProduct.allSources')}
                <Menu.ItemIndicator />
              </Menu.RadioItem>
              {PRODUCT_SOURCES.map((s) => (
                <Menu.RadioItem key={s} value={s} data-testid={`source-option-${s}`}>
                  {sourceName(s)}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
