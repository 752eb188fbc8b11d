import { Box, Button, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { LanguageSelector } from '@/features/account';
import { HEADER_HEIGHT, env } from '@/lib/env';
import { getToken } from '@/lib/storage';
import { useIsMobile } from '@/lib/use-media-query';

/** Frame of the public pages (landing, store dropshipping, recommended apps): brand, links, language, the way in. */
export function PublicLayout() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const signedIn = Boolean(getToken());
  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle" data-testid="public-layout">
      <Flex as="header" h={`${HEADER_HEIGHT}px`} align="center" gap="4" px={{ base: '4', md: '8' }} bg="bg" borderBottomWidth="1px">
        <Link asChild _hover={{ textDecoration: 'none' }} aria-label={t('common.appName')}>
          <RouterLink to="/">
            <BrandMark compact={isMobile} />
          </RouterLink>
        </Link>
        {isMobile ? null : (
          <HStack as="nav" gap="4" fontSize="sm" aria-label={t('marketing.nav')}>
            <Link asChild>
              <RouterLink to="/store-dropshipping">{t('pages.storeDropshipping')}</RouterLink>
            </Link>
            <Link asChild>
              <RouterLink to="/recommended/apps">{t('pages.recommendedApps')}</RouterLink>
            </Link>
          </HStack>
        )}
        <HStack gap="2" ms="auto">
          <LanguageSelector />
          {signedIn ? (
            <Button asChild size="sm" colorPalette="teal" data-testid="public-open-app">
              <RouterLink to="/app">{t('marketing.cta.openApp')}</RouterLink>
            </Button>
          ) : (
            <Button asChild size="sm" colorPalette="teal" variant="outline" data-testid="public-login">
              <RouterLink to="/login">{t('marketing.cta.login')}</RouterLink>
            </Button>
          )}
        </HStack>
      </Flex>
      <Box as="main" flex="1" px={{ base: '4', md: '8' }} maxW="6xl" w="full" mx="auto">
        <Outlet />
      </Box>
      <Stack as="footer" gap="2" px={{ base: '4', md: '8' }} py="6" borderTopWidth="1px" bg="bg" fontSize="sm" color="fg.muted">
        <HStack gap="4" wrap="wrap">
          <Link asChild>
            <RouterLink to="/store-dropshipping">{t('pages.storeDropshipping')}</RouterLink>
          </Link>
          <Link asChild>
            <RouterLink to="/recommended/apps">{t('pages.recommendedApps')}</RouterLink>
          </Link>
          <Link href={env.helpCenterUrl} target="_blank" rel="noopener noreferrer">
            {t('nav.helpCenter')}
          </Link>
        </HStack>
        <Text>{t('auth.tagline')}</Text>
      </Stack>
    </Flex>
  );
}
