import { Badge, Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EditIcon, RefreshIcon, RocketIcon } from '@/components/icons';
import type { DisplayRates } from '@/lib/display-money';
import { currentLanguage } from '@/lib/i18n';
import { formatMoneyRange } from '@/lib/money';
import { sourceName } from '@/lib/sources';
import type { PushedProduct } from '@/types/push';
import { DisplayEquivalent } from '@/components/ui/display-equivalent';
import { RowCheckbox } from '@/components/ui/list-page';
import { ProductThumb } from '@/components/ui/product-thumb';
import { targetsOf } from '../lib/sync-state';
import { pushedEditorPath } from './pushed-editor-page';
import { TargetStatus } from './target-status';

interface RowProps {
  product: PushedProduct;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onPushAgain: () => void;
  onSyncLog: () => void;
  /** Destination key → name (stores by name; channels by brand). */
  labelOf: (destination: string, fallback: string) => string;
  /** The workspace's currency and the USD rate into it (the price is USD). */
  display?: DisplayRates;
}

/** A pushed product: image, title, source, variants and price, each destination's state, actions. */
export function PushedRow({ product, selected, onSelect, onPushAgain, onSyncLog, labelOf, display }: RowProps) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const targets = targetsOf(product);
  return (
    <Stack
      gap="3"
      p="3"
      bg={selected ? 'teal.subtle' : 'bg'}
      borderWidth="1px"
      borderRadius="lg"
      data-testid="pushed-row"
      data-id={product.id}
      data-title={product.title}
    >
      <HStack gap={{ base: '3', md: '4' }} align="center" wrap={{ base: 'wrap', md: 'nowrap' }}>
        <RowCheckbox
          checked={selected}
          onChange={onSelect}
          label={t('productCenter.select', { title: product.title })}
          testId="pushed-row-select"
        />
        <ProductThumb src={product.image} />
        <Stack gap="1" flex="1" minW={{ base: 'calc(100% - 120px)', md: '0' }}>
          <Text fontWeight="medium" lineClamp={2} data-testid="pushed-row-title">
            {product.title}
          </Text>
          <HStack gap="2" fontSize="xs" color="fg.muted" wrap="wrap">
            {product.source ? (
              <Badge size="sm" colorPalette="gray">
                {sourceName(product.source)}
              </Badge>
            ) : null}
            <Text>{t('productCenter.variantCount', { count: product.variant_count })}</Text>
            <Text dir="ltr">{formatMoneyRange(product.price_from, product.price_to, 'USD', locale)}</Text>
            <DisplayEquivalent
              from={product.price_from}
              to={product.price_to}
              currency="USD"
              display={display}
              testId="pushed-row-price-display"
            />
          </HStack>
        </Stack>
        <HStack gap="2" ms={{ base: 'auto', md: '0' }}>
          <Button asChild size="sm" variant="outline">
            <RouterLink to={pushedEditorPath(product.id)} data-testid="pushed-row-edit">
              <EditIcon />
              {t('productCenter.editor.edit')}
            </RouterLink>
          </Button>
          <Button size="sm" variant="outline" onClick={onSyncLog} data-testid="pushed-row-sync-log">
            <RefreshIcon />
            {t('productCenter.syncLog')}
          </Button>
          <Button size="sm" colorPalette="teal" onClick={onPushAgain} data-testid="pushed-row-push-again">
            <RocketIcon />
            {t('productCenter.pushAgain')}
          </Button>
        </HStack>
      </HStack>
      {targets.length > 0 ? (
        <Wrap gap="2" data-testid="pushed-row-targets">
          {targets.map((target) => (
            <TargetStatus key={target.destination} target={target} label={labelOf(target.destination, target.channel_label)} />
          ))}
        </Wrap>
      ) : null}
    </Stack>
  );
}
