import { Avatar, Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CardIcon, ExternalIcon, HelpIcon, LogoutIcon, StoreIcon } from '@/components/icons';
import { env } from '@/lib/env';
import type { Account } from '@/types/api';
import { displayName, initials } from '../billing-visibility';

interface UserMenuProps {
  account: Account;
  /** Hide the "Billing plan" entry (see isBillingHidden). */
  hideBilling: boolean;
  compact?: boolean;
}

export function UserMenu({ account, hideBilling, compact = false }: UserMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  function onSelect(value: string) {
    if (value === 'billing') navigate('/app/setting/billing');
    else if (value === 'account') navigate('/app/setting/account');
    else if (value === 'help') window.open(env.helpCenterUrl, '_blank', 'noopener,noreferrer');
    else if (value === 'logout') navigate('/signout');
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(d) => onSelect(d.value)}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1" aria-label={t('userMenu.label')} data-testid="user-menu">
          <Avatar.Root size="xs" colorPalette="teal">
            <Avatar.Fallback>{initials(account)}</Avatar.Fallback>
            {account.avatar ? <Avatar.Image src={account.avatar} /> : null}
          </Avatar.Root>
          {compact ? null : (
            <Text as="span" maxW="36" truncate>
              {displayName(account)}
            </Text>
          )}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60" data-testid="user-menu-content">
            <Box px="2" py="1.5">
              <Text fontWeight="semibold" truncate>
                {displayName(account)}
              </Text>
              <Text fontSize="xs" color="fg.muted" truncate>
                {account.email}
              </Text>
            </Box>
            <Menu.Separator />
            {hideBilling ? null : (
              <Menu.Item value="billing" data-testid="user-menu-billing">
                <CardIcon />
                {t('userMenu.billingPlan')}
              </Menu.Item>
            )}
            <Menu.Item value="account" data-testid="user-menu-account">
              <StoreIcon />
              {t('userMenu.accountLinkedStores')}
            </Menu.Item>
            <Menu.Item value="help" data-testid="user-menu-help">
              <HelpIcon />
              <Box flex="1">{t('userMenu.helpCenter')}</Box>
              <ExternalIcon boxSize="3.5" color="fg.muted" />
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" data-testid="user-menu-logout">
              <LogoutIcon />
              {t('userMenu.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
