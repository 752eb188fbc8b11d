import { Box, Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { getToken } from '@/lib/storage';
import { CampaignRedirect } from './campaign-redirect';
import { isCampaignPath } from './paths';

/** Top of the route tree: handles /campaign redirects before any route matches. */
export function RootLayout() {
  const { pathname } = useLocation();
  if (isCampaignPath(pathname)) return <CampaignRedirect />;
  return <Outlet />;
}

/** Signed-in area guard: without a token, go to /login and come back afterwards. */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  if (!getToken()) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <>{children}</>;
}

/** Sign-in and sign-up are for signed-out visitors. */
export function GuestOnly({ children }: { children: React.ReactNode }) {
  if (getToken()) return <Navigate to="/app" replace />;
  return <>{children}</>;
}

export function RouteError() {
  const { t } = useTranslation();
  return (
    <Center minH="60vh" px="4" data-testid="route-error">
      <Stack align="center" gap="3" textAlign="center">
        <Heading size="lg">{t('errors.unexpected')}</Heading>
        <Text color="fg.muted">{t('errors.unexpectedBody')}</Text>
        <Box>
          <Button colorPalette="teal" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
        </Box>
      </Stack>
    </Center>
  );
}
