import { Box, Flex, Float, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { CountBadge } from '@/components/count-badge';
import { type NavItem, selectedNavId } from '../lib/nav';
import { NavIcon } from './nav-icon';
import type { NavCounts } from './side-nav';

export const MOBILE_TAB_BAR_HEIGHT = 64;

/** Bottom tab bar shown instead of the side navigation at mobile widths. */
export function MobileTabBar({ tabs, counts }: { tabs: NavItem[]; counts: NavCounts }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const selected = selectedNavId(tabs, pathname);
  return (
    <Flex
      as="nav"
      aria-label={t('nav.label')}
      data-testid="mobile-tab-bar"
      position="fixed"
      bottom="0"
      insetInline="0"
      h={`${MOBILE_TAB_BAR_HEIGHT}px`}
      bg="bg"
      borderTopWidth="1px"
      zIndex="sticky"
      pb="env(safe-area-inset-bottom)"
    >
      {tabs.map((tab) => {
        const active = tab.id === selected;
        return (
          <Link
            asChild
            key={tab.id}
            flex="1"
            minW="0"
            display="flex"
            flexDirection="column"
            alignItems="center"
            justifyContent="center"
            gap="0.5"
            color={active ? 'teal.700' : 'fg.muted'}
            fontWeight={active ? 'semibold' : 'normal'}
            _hover={{ textDecoration: 'none' }}
            data-testid={`tab-${tab.id}`}
            aria-current={active ? 'page' : undefined}
            aria-label={t(tab.labelKey)}
          >
            <RouterLink to={tab.to}>
              <Box position="relative">
                <NavIcon name={tab.icon} boxSize="5" />
                {tab.badge ? (
                  <Float placement="top-end" offset="0">
                    <CountBadge count={counts[tab.badge]} />
                  </Float>
                ) : null}
              </Box>
              <Text fontSize="2xs" truncate maxW="full" px="1">
                {t(tab.shortLabelKey ?? tab.labelKey)}
              </Text>
            </RouterLink>
          </Link>
        );
      })}
    </Flex>
  );
}
