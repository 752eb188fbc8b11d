import { Box, Flex, Link, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { NavItem } from '../lib/nav';
import { selectedSettingsId } from '../lib/settings-menu';
import { NavIcon } from './nav-icon';

function MenuLink({ item, selected, row }: { item: NavItem; selected: boolean; row: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      asChild
      data-testid={`settings-menu-${item.id}`}
      aria-current={selected ? 'page' : undefined}
      display="flex"
      alignItems="center"
      gap="2"
      px="3"
      py="2"
      flexShrink={0}
      whiteSpace="nowrap"
      borderRadius="md"
      fontSize="sm"
      fontWeight={selected ? 'semibold' : 'medium'}
      color={selected ? 'teal.800' : 'fg'}
      bg={selected ? 'teal.50' : undefined}
      _hover={{ bg: selected ? 'teal.50' : 'bg.muted', textDecoration: 'none' }}
    >
      <RouterLink to={item.to}>
        {row ? null : <NavIcon name={item.icon} boxSize="4" color={selected ? 'teal.700' : 'fg.muted'} />}
        {t(item.labelKey)}
      </RouterLink>
    </Link>
  );
}

/**
 * Wraps a settings page with the settings menu: a column beside it on desktop, a scrolling row of
 * links above it on mobile. Off the settings pages it renders the page alone.
 */
export function SettingsFrame({ items, isMobile, children }: { items: readonly NavItem[]; isMobile: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const selected = selectedSettingsId(items, pathname);
  if (!selected) return <>{children}</>;
  const links = items.map((item) => <MenuLink key={item.id} item={item} selected={item.id === selected} row={isMobile} />);
  if (isMobile) {
    return (
      <Stack gap="4">
        <Flex as="nav" aria-label={t('settingsMenu.label')} data-testid="settings-menu" gap="1" overflowX="auto" mx="-4" px="4" pb="1">
          {links}
        </Flex>
        <Box minW="0">{children}</Box>
      </Stack>
    );
  }
  return (
    <Flex gap="6" align="start">
      <Stack
        as="nav"
        aria-label={t('settingsMenu.label')}
        data-testid="settings-menu"
        gap="0.5"
        w="200px"
        flexShrink={0}
        position="sticky"
        top="80px"
        bg="bg"
        borderWidth="1px"
        borderRadius="xl"
        p="2"
      >
        {links}
      </Stack>
      <Box flex="1" minW="0">
        {children}
      </Box>
    </Flex>
  );
}
