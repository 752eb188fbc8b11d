import { Badge, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EditIcon, RocketIcon } from '@/components/icons';
import { displayCode } from '@/lib/countries';
import type { DisplayRates } from '@/lib/display-money';
import { currentLanguage } from '@/lib/i18n';
import { formatMoneyRange } from '@/lib/money';
import { sourceName } from '@/lib/sources';
import type { ImportListItem } from '@/types/products';
import { DisplayEquivalent } from '@/components/ui/display-equivalent';
import { RowCheckbox } from '@/components/ui/list-page';
import { ProductThumb } from '@/components/ui/product-thumb';

export const editorPath = (id: string) => `/app/products-import/editor/${encodeURIComponent(id)}`;

interface RowProps {
  item: ImportListItem;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** Push to store (absent: no push button). */
  onPush?: () => void;
  /** The workspace's currency and the USD rate into it (the row's amounts are USD). */
  display?: DisplayRates;
}

/** One imported product: image, title, source, cost and price ranges, variant count, edit link. */
export function ImportListRow({ item, selected, onSelect, onPush, display }: RowProps) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  return (
    <HStack
      gap={{ base: '3', md: '4' }}
      p="3"
      bg={selected ? 'teal.subtle' : 'bg'}
      borderWidth="1px"
      borderRadius="lg"
      align="center"
      wrap={{ base: 'wrap', md: 'nowrap' }}
      data-testid="import-row"
      data-id={item.id}
      data-title={item.title}
    >
      <RowCheckbox
        checked={selected}
        onChange={onSelect}
        label={t('importList.select', { title: item.title })}
        testId="import-row-select"
      />
      <ProductThumb src={item.image} />
      <Stack gap="1" flex="1" minW={{ base: 'calc(100% - 120px)', md: '0' }}>
        <Link asChild fontWeight="medium" lineClamp={2}>
          <RouterLink to={editorPath(item.id)} data-testid="import-row-title">
            {item.title}
          </RouterLink>
        </Link>
        <HStack gap="2" fontSize="xs" color="fg.muted" wrap="wrap">
          <Badge size="sm" colorPalette="gray">
            {sourceName(item.source)}
          </Badge>
          <Text>{t('importList.shipTo', { country: displayCode(item.ship_to || 'US') })}</Text>
          <Text data-testid="import-row-variants">{t('importList.variantCount', { count: item.variant_count })}</Text>
        </HStack>
      </Stack>
      <Stack gap="0" minW={{ md: '44' }} fontSize="sm" textAlign={{ base: 'start', md: 'end' }} ms={{ base: '9', md: '0' }}>
        <Text color="fg.muted" fontSize="xs">
          {t('importList.cost')}
        </Text>
        <Text dir="ltr" data-testid="import-row-cost">
          {formatMoneyRange(item.cost_from, item.cost_to, 'USD', locale)}
        </Text>
        <DisplayEquivalent from={item.cost_from} to={item.cost_to} currency="USD" display={display} testId="import-row-cost-display" />
      </Stack>
      <Stack gap="0" minW={{ md: '44' }} fontSize="sm" textAlign={{ base: 'start', md: 'end' }}>
        <Text color="fg.muted" fontSize="xs">
          {t('importList.price')}
        </Text>
        <Text dir="ltr" fontWeight="semibold" data-testid="import-row-price">
          {formatMoneyRange(item.price_from, item.price_to, 'USD', locale)}
        </Text>
        <DisplayEquivalent from={item.price_from} to={item.price_to} currency="USD" display={display} testId="import-row-price-display" />
      </Stack>
      <HStack gap="2" ms={{ base: 'auto', md: '0' }}>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={editorPath(item.id)} data-testid="import-row-edit">
            <EditIcon />
            {t('importList.edit')}
          </RouterLink>
        </Button>
        {onPush ? (
          <Button size="sm" colorPalette="teal" onClick={onPush} data-testid="import-row-push">
            <RocketIcon />
            {t('importList.push')}
          </Button>
        ) : null}
      </HStack>
    </HStack>
  );
}
