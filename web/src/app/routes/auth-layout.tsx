import { Center, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { LanguageSelector } from '@/features/account';
import { HEADER_HEIGHT } from '@/lib/env';

/** Frame of the public sign-in screens: brand, language selector, centered card. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle" data-testid="auth-layout">
      <Flex as="header" h={`${HEADER_HEIGHT}px`} align="center" px={{ base: '4', md: '8' }} justify="space-between">
        <BrandMark />
        <LanguageSelector />
      </Flex>
      <Center flex="1" px="4" py={{ base: '6', md: '12' }}>
        <Outlet />
      </Center>
      <Text textAlign="center" fontSize="xs" color="fg.subtle" pb="4">
        {t('auth.tagline')}
      </Text>
    </Flex>
  );
}
