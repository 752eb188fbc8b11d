import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/ui/dialog-shell';
import { messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import { disconnectAliExpress, startAliExpressSignIn, useAliExpressAccount } from '../api/aliexpress';

/** Sends the browser to AliExpress's sign-in page; it comes back to /app/auth/bind/aliexpress. */
function useSignIn() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function signIn() {
    setBusy(true);
    const res = await startAliExpressSignIn();
    if (!res.success || !res.data) {
      notify('error', messageOf(res) || t('orders.actionFailed'));
      setBusy(false);
      return;
    }
    window.location.assign(res.data.url);
  }
  return { busy, signIn };
}

/** The spec's "sign in to your AliExpress account" dialog, shown when placing needs the account. */
export function AliExpressSignInDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { busy, signIn } = useSignIn();
  return (
    <DialogShell
      onClose={onClose}
      title={t('orders.aliexpress.signInTitle')}
      testId="aliexpress-sign-in-dialog"
      action={{ label: t('orders.aliexpress.signIn'), onClick: () => void signIn(), loading: busy, testId: 'aliexpress-sign-in' }}
    >
      <Text>{t('orders.aliexpress.signInBody')}</Text>
    </DialogShell>
  );
}

/** Which AliExpress account AliExpress orders go to, with sign-in or disconnect. */
export function AliExpressAccountRow() {
  const { t } = useTranslation();
  const account = useAliExpressAccount();
  const { busy, signIn } = useSignIn();
  const [leaving, setLeaving] = useState(false);
  async function disconnect() {
    setLeaving(true);
    const res = await disconnectAliExpress();
    setLeaving(false);
    if (!res.success) {
      notify('error', messageOf(res) || t('orders.actionFailed'));
      return;
    }
    void account.mutate(res.data?.account, { revalidate: false });
    notify('success', t('orders.aliexpress.disconnected'));
  }
  const connected = account.data?.connected === true;
  return (
    <HStack justify="space-between" gap="3" data-testid="aliexpress-account" data-connected={connected}>
      <Stack gap="0.5">
        <HStack gap="2">
          <Badge colorPalette={connected ? 'green' : 'gray'}>AliExpress</Badge>
          <Text fontSize="sm">
            {connected ? t('orders.aliexpress.connectedAs', { account: account.data?.account ?? '' }) : t('orders.aliexpress.notConnected')}
          </Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('orders.aliexpress.paysThere')}
        </Text>
      </Stack>
      {connected ? (
        <Button size="sm" variant="outline" onClick={() => void disconnect()} loading={leaving} data-testid="aliexpress-disconnect">
          {t('orders.aliexpress.disconnect')}
        </Button>
      ) : (
        <Button size="sm" colorPalette="teal" onClick={() => void signIn()} loading={busy} data-testid="aliexpress-connect">
          {t('orders.aliexpress.signIn')}
        </Button>
      )}
    </HStack>
  );
}
