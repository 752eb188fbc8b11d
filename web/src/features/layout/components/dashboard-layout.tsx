import { Box, Flex, HStack, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { HEADER_HEIGHT } from '@/lib/env';
import type { NavGroups, NavItem } from '../lib/nav';
import { BackToTop } from './back-to-top';
import { MOBILE_TAB_BAR_HEIGHT, MobileTabBar } from './mobile-tab-bar';
import { SettingsFrame } from './settings-menu';
import { type NavCounts, SideNav } from './side-nav';

const SIDE_NAV_WIDTH = 248;

export function BrandLogo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link asChild _hover={{ textDecoration: 'none' }} data-testid="brand-logo" aria-label={t('nav.home')}>
      <RouterLink to="/app">
        <BrandMark compact={compact} />
      </RouterLink>
    </Link>
  );
}

interface DashboardLayoutProps {
  isMobile: boolean;
  nav: NavGroups;
  tabs: NavItem[];
  counts: NavCounts;
  /** Top bar, after the logo (e.g. the workplace selector on mobile). */
  topBarStart?: ReactNode;
  /** Top bar, at the end (upgrade, usage, language, notifications, user menu). */
  topBarEnd?: ReactNode;
  /** Above the side navigation items (the workplace selector). */
  sideNavHeader?: ReactNode;
  /** The settings side menu, shown beside the pages its items select. */
  settingsMenu: NavItem[];
  children: ReactNode;
}

/** Signed-in frame: a 56 px top bar, a side navigation (desktop) or a bottom tab bar (mobile). */
export function DashboardLayout({
  isMobile,
  nav,
  tabs,
  counts,
  topBarStart,
  topBarEnd,
  sideNavHeader,
  settingsMenu,
  children,
}: DashboardLayoutProps) {
  return (
    <Box minH="100vh" bg="bg.subtle" data-testid="dashboard-shell" data-layout={isMobile ? 'mobile' : 'desktop'}>
      <Flex
        as="header"
        data-testid="top-bar"
        position="sticky"
        top="0"
        zIndex="sticky"
        h={`${HEADER_HEIGHT}px`}
        align="center"
        gap={{ base: '2', md: '4' }}
        px={{ base: '3', md: '5' }}
        bg="bg"
        borderBottomWidth="1px"
      >
        <BrandLogo compact={isMobile} />
        {topBarStart}
        <HStack gap={{ base: '0.5', md: '1.5' }} ms="auto" minW="0">
          {topBarEnd}
        </HStack>
      </Flex>
      <Flex>
        {isMobile ? null : (
          <Box
            as="aside"
            position="sticky"
            top={`${HEADER_HEIGHT}px`}
            h={`calc(100vh - ${HEADER_HEIGHT}px)`}
            w={`${SIDE_NAV_WIDTH}px`}
            flexShrink={0}
            overflowY="auto"
            bg="bg"
            borderInlineEndWidth="1px"
          >
            <SideNav top={nav.top} extra={nav.extra} counts={counts} header={sideNavHeader} />
          </Box>
        )}
        <Box
          as="main"
          flex="1"
          minW="0"
          p={{ base: '4', md: '8' }}
          pb={isMobile ? `${MOBILE_TAB_BAR_HEIGHT + 16}px` : undefined}
          data-testid="main-content"
        >
          <SettingsFrame items={settingsMenu} isMobile={isMobile}>
            {children}
          </SettingsFrame>
        </Box>
      </Flex>
      <BackToTop bottom={isMobile ? MOBILE_TAB_BAR_HEIGHT + 16 : 24} />
      {isMobile ? <MobileTabBar tabs={tabs} counts={counts} /> : null}
    </Box>
  );
}
