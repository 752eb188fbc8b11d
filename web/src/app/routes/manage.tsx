import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/list-page';
import { useDocumentTitle } from '@/components/use-document-title';
import { useStatistic } from '@/features/account';
import { HubCard } from './hub-card';

/** What the manage page gathers: each area with the account statistic that counts what waits there. */
const AREAS = [
  { key: 'importList', to: '/app/products-import', count: 'import_list' },
  { key: 'productCenter', to: '/app/products-center', count: 'product_list' },
  { key: 'orders', to: '/app/orders', count: 'order_list' },
  { key: 'tracking', to: '/app/manage/tracking' },
  { key: 'automation', to: '/app/setting/order/order-placement' },
  { key: 'autoUpdate', to: '/app/products/auto-update' },
  { key: 'channels', to: '/app/channel' },
  { key: 'wallet', to: '/app/setting/wallet' },
] as const;

/** `/app/manage`: one place for the running business: products, orders, tracking, automation, channels and money. */
export function ManagePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.manage'));
  const { data: statistic } = useStatistic();
  return (
    <Stack gap="6" maxW="6xl" data-testid="manage-page">
      <PageHeader title={t('pages.manage')} subtitle={t('manage.subtitle')} />
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
        {AREAS.map((area) => (
          <HubCard
            key={area.key}
            testId={`manage-${area.key}`}
            title={t(`manage.areas.${area.key}.title`)}
            body={t(`manage.areas.${area.key}.body`)}
            action={t('manage.open')}
            to={area.to}
            count={'count' in area && statistic ? (statistic[area.count] ?? 0) : undefined}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
