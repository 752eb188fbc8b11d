import { Button, HStack, IconButton, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@/types/orders';
import { type RowAction, rowActions } from '../lib/order-math';

interface RowActionsProps {
  order: Order;
  busy?: boolean;
  onAction: (action: RowAction, order: Order) => void;
}

const PRIMARY: readonly RowAction[] = ['place', 'pay', 'revert'];

/** The order's main action as a button, the others in a menu. */
export function RowActions({ order, busy, onAction }: RowActionsProps) {
  const { t } = useTranslation();
  const actions = rowActions(order);
  const primary = actions.find((a) => PRIMARY.includes(a));
  const rest = actions.filter((a) => a !== primary);
  return (
    <HStack gap="1" justify="end">
      {primary ? (
        <Button
          size="xs"
          colorPalette="teal"
          onClick={() => onAction(primary, order)}
          loading={busy}
          data-testid={`order-action-${primary}`}
        >
          {t(`orders.actions.${primary}`)}
        </Button>
      ) : null}
      <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(d) => onAction(d.value as RowAction, order)}>
        <Menu.Trigger asChild>
          <IconButton size="xs" variant="ghost" aria-label={t('orders.actions.more')} data-testid="order-action-more" disabled={busy}>
            ⋯
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content data-testid="order-action-menu">
              {rest.map((a) => (
                <Menu.Item
                  key={a}
                  value={a}
                  color={a === 'cancel' || a === 'fail' ? 'fg.error' : undefined}
                  data-testid={`order-action-${a}`}
                >
                  {t(`orders.actions.${a}`)}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </HStack>
  );
}
