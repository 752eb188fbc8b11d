import { Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { messageOf } from '@/lib/api';
import { once } from '@/lib/once';
import { notify } from '@/lib/toaster';
import { ALIEXPRESS_ACCOUNT_KEY, finishAliExpressSignIn } from '../api/aliexpress';

const ORDERS_PATH = '/app/orders';

/** /app/auth/bind/aliexpress?code&state: AliExpress's sign-in comes back here. */
export function AliExpressBindPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const [failed, setFailed] = useState<string | null>(code && state ? null : t('orders.aliexpress.incomplete'));

  useEffect(() => {
    if (!code || !state) return;
    let active = true;
    once(`bind/aliexpress/${state}`, () => finishAliExpressSignIn(code, state)).then(async (res) => {
      if (!active) return;
      await mutate(ALIEXPRESS_ACCOUNT_KEY);
      if (!res.success || !res.data) {
        setFailed(messageOf(res) || t('orders.actionFailed'));
        return;
      }
      notify('success', t('orders.aliexpress.connectedAs', { account: res.data.account.account ?? '' }));
      navigate(ORDERS_PATH, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [code, state, mutate, navigate, t]);

  return (
    <Box maxW="lg" mx="auto" my="12" bg="bg" borderWidth="1px" borderRadius="xl" p="6" data-testid="aliexpress-bind">
      <Stack gap="4">
        <Heading as="h1" size="lg">
          {t('orders.aliexpress.signInTitle')}
        </Heading>
        {failed ? (
          <>
            <Text data-testid="aliexpress-bind-error">{failed}</Text>
            <Button asChild colorPalette="teal" alignSelf="start">
              <RouterLink to={ORDERS_PATH}>{t('orders.backToOrders')}</RouterLink>
            </Button>
          </>
        ) : (
          <HStack gap="3">
            <Spinner color="teal.600" />
            <Text>{t('orders.aliexpress.finishing')}</Text>
          </HStack>
        )}
      </Stack>
    </Box>
  );
}
