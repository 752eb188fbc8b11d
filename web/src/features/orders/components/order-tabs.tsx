import { Badge, Button, HStack, Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { OrderCounts, OrderTab } from '@/types/orders';
import { ORDER_TABS, SUB_STATUSES, countOf, tabTotal } from '../lib/tabs';

interface OrderTabsProps {
  tab: OrderTab;
  status: string;
  counts: OrderCounts | undefined;
  onChange: (tab: OrderTab, status?: string) => void;
}

/** The five tabs with their counts, and the chosen tab's sub-statuses with theirs. */
export function OrderTabs({ tab, status, counts, onChange }: OrderTabsProps) {
  const { t } = useTranslation();
  const subs = SUB_STATUSES[tab];
  return (
    <>
      <Tabs.Root value={tab} onValueChange={(e) => onChange(e.value as OrderTab)} variant="line" colorPalette="teal">
        <Tabs.List overflowX="auto" data-testid="order-tabs">
          {ORDER_TABS.map((name) => (
            <Tabs.Trigger key={name} value={name} data-testid={`order-tab-${name}`} data-count={tabTotal(counts, name)}>
              {t(`orders.tabs.${name}`)}
              <Badge size="sm" variant="subtle" colorPalette={name === tab ? 'teal' : 'gray'} data-testid={`order-tab-count-${name}`}>
                {tabTotal(counts, name)}
              </Badge>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Tabs.Root>
      {subs.length > 1 || tab === 'placement' ? (
        <HStack gap="2" wrap="wrap" data-testid="order-substatuses">
          {subs.map((s) => (
            <Button
              key={s}
              size="xs"
              variant={s === status ? 'solid' : 'outline'}
              colorPalette={s === status ? 'teal' : 'gray'}
              onClick={() => onChange(tab, s)}
              data-testid={`order-status-${s}`}
              data-count={countOf(counts, tab, s)}
              aria-pressed={s === status}
            >
              {t(`orders.status.${tab === 'cancelled' ? `cancelled_${s}` : s}`)}
              <Badge size="xs" variant="subtle">
                {countOf(counts, tab, s)}
              </Badge>
            </Button>
          ))}
        </HStack>
      ) : null}
    </>
  );
}
