import { Badge, Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toaster';
import type { Store } from '@/types/api';
import { makeDefaultStore, removeStore, uninstallStore, useRefreshStores } from '../api/stores';
import { ChannelLogo } from './channel-logo';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { StorePublications } from './store-publications';

interface StoreRowProps {
  store: Store;
  isCurrent: boolean;
  onReconnect: (store: Store) => void;
  onSettings: (store: Store) => void;
}

function SetupState({ store }: { store: Store }) {
  const { t } = useTranslation();
  if (store.setup === 'pending') {
    return (
      <Badge colorPalette="orange" gap="1.5" data-testid={`store-setup-${store.id}`} data-setup="pending">
        <Spinner size="xs" />
        {t('channels.stores.setup.pending')}
      </Badge>
    );
  }
  if (store.setup === 'error') {
    return (
      <Badge colorPalette="red" data-testid={`store-setup-${store.id}`} data-setup="error" title={store.setup_error ?? undefined}>
        {t('channels.stores.setup.error')}
      </Badge>
    );
  }
  return (
    <Badge colorPalette="teal" variant="outline" data-testid={`store-setup-${store.id}`} data-setup="ready">
      {t('channels.stores.setup.ready')}
    </Badge>
  );
}

/** One connected store: state badges, default marker, actions and (Shopify) its sales channels. */
export function StoreRow({ store, isCurrent, onReconnect, onSettings }: StoreRowProps) {
  const { t } = useTranslation();
  const refreshStores = useRefreshStores();
  const [busy, setBusy] = useState<null | 'default' | 'remove' | 'disconnect'>(null);
  const [confirm, setConfirm] = useState<null | 'remove' | 'disconnect'>(null);
  const connected = store.status === 'connected';
  const label = store.name || store.platform_domain;

  async function makeDefault() {
    setBusy('default');
    const res = await makeDefaultStore(store.id);
    setBusy(null);
    if (res.success) await refreshStores();
  }

  async function remove() {
    setBusy('remove');
    const res = await removeStore(store.id);
    // A failed removal resets the loading state (spec, second document section 8).
    setBusy(null);
    setConfirm(null);
    if (res.success) {
      notify('success', t('channels.stores.removed', { name: label }));
      await refreshStores();
    }
  }

  async function disconnect() {
    setBusy('disconnect');
    const res = await uninstallStore(store.platform, store.platform_domain);
    setBusy(null);
    setConfirm(null);
    if (res.success) await refreshStores();
  }

  return (
    <Box
      className="group"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      bg="bg"
      data-testid={`store-row-${store.id}`}
      data-domain={store.platform_domain}
      data-status={store.status}
      data-default={store.is_default || undefined}
    >
      <HStack align="start" gap="3" wrap={{ base: 'wrap', md: 'nowrap' }}>
        <ChannelLogo id={store.platform} size={9} />
        <Stack gap="1" flex="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" truncate data-testid="store-name">
              {label}
            </Text>
            {connected ? (
              <Badge colorPalette="green" data-testid="store-status">
                {t('channels.badges.active')}
              </Badge>
            ) : (
              <Badge colorPalette="gray" data-testid="store-status">
                {t('channels.badges.disconnected')}
              </Badge>
            )}
            {store.is_default ? (
              <Badge colorPalette="purple" variant="solid" data-testid="store-default">
                {t('channels.stores.default')}
              </Badge>
            ) : null}
            {isCurrent ? <Badge variant="outline">{t('channels.stores.current')}</Badge> : null}
            {connected ? <SetupState store={store} /> : null}
          </HStack>
          <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start" truncate>
            {store.platform_domain}
            {store.currency ? ` · ${store.currency}` : ''}
          </Text>
          {store.setup === 'error' && store.setup_error && connected ? (
            <Text fontSize="xs" color="fg.error" data-testid={`store-setup-error-${store.id}`}>
              {store.setup_error}
            </Text>
          ) : null}
          {store.platform === 'shopify' && connected ? <StorePublications storeId={store.id} /> : null}
        </Stack>
        <HStack gap="2" wrap="wrap" justify="end">
          {!store.is_default ? (
            <Button size="xs" variant="outline" onClick={makeDefault} loading={busy === 'default'} data-testid="store-make-default">
              {t('channels.stores.makeDefault')}
            </Button>
          ) : null}
          {connected ? (
            <Button size="xs" variant="outline" onClick={() => onSettings(store)} data-testid="store-settings">
              {t('channels.actions.settings')}
            </Button>
          ) : (
            <Button size="xs" colorPalette="teal" onClick={() => onReconnect(store)} data-testid="store-reconnect">
              {t('channels.actions.reconnect')}
            </Button>
          )}
          {connected ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              opacity={{ base: 1, md: 0 }}
              _groupHover={{ opacity: 1 }}
              _groupFocusWithin={{ opacity: 1 }}
              onClick={() => setConfirm('disconnect')}
              data-testid="store-disconnect"
            >
              {t('channels.actions.disconnect')}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            onClick={() => setConfirm('remove')}
            loading={busy === 'remove'}
            data-testid="store-remove"
          >
            {t('channels.actions.remove')}
          </Button>
        </HStack>
      </HStack>
      <ConfirmDialog
        open={confirm !== null}
        testId={confirm === 'remove' ? 'remove-store-dialog' : 'disconnect-store-dialog'}
        title={confirm === 'remove' ? t('channels.stores.removeTitle', { name: label }) : t('channels.disconnect.title', { name: label })}
        body={confirm === 'remove' ? t('channels.stores.removeBody') : t('channels.disconnect.storeBody')}
        confirmLabel={confirm === 'remove' ? t('channels.actions.remove') : t('channels.actions.disconnect')}
        loading={busy === 'remove' || busy === 'disconnect'}
        onConfirm={() => void (confirm === 'remove' ? remove() : disconnect())}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
