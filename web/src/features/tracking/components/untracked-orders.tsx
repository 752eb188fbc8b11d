import { Badge, HStack, Link, Skeleton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { sourceName } from '@/lib/sources';
import { SectionCard } from '@/components/ui/section-card';
import { UNTRACKED_DAYS, useUntrackedOrders } from '../api/tracking';

/** Placed and paid orders with no tracking yet (placed by hand, or a supplier that reports none). */
export function UntrackedOrders() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useUntrackedOrders();
  const orders = data?.items ?? [];
  return (
    <SectionCard title={t('tracking.center.untrackedTitle')} gap="2" testId="untracked-orders" dataProps={{ 'data-count': orders.length }}>
      <Text fontSize="sm" color="fg.muted">
        {t('tracking.center.untrackedHint', { days: UNTRACKED_DAYS })}
      </Text>
      {isLoading && !data ? <Skeleton h="12" /> : null}
      {error ? <Text color="fg.error">{t('tracking.loadFailed')}</Text> : null}
      {data && orders.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('tracking.center.untrackedNone')}
        </Text>
      ) : null}
      {orders.map((o) => (
        <HStack key={o.id} justify="space-between" py="2" borderTopWidth="1px" wrap="wrap" data-testid="untracked-order" data-name={o.name}>
          <Link asChild color="teal.700" fontWeight="medium">
            <RouterLink to={`/app/orders/detail/${encodeURIComponent(o.id)}/${encodeURIComponent(o.status)}`}>{o.name}</RouterLink>
          </Link>
          <HStack gap="1" wrap="wrap">
            {o.source_orders.map((so) => (
              <Badge key={so.id} size="sm" colorPalette="gray">
                {sourceName(so.source)}
                {so.order_no ? ` · ${so.order_no}` : ''}
              </Badge>
            ))}
          </HStack>
        </HStack>
      ))}
    </SectionCard>
  );
}
