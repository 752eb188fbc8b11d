import { DialogShell } from '@/components/ui/dialog-shell';
import { Alert, Checkbox, Field, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import type { LinkedStore, Store, StorePlatform } from '@/types/api';
import { installStore, linkWooCommerce } from '../api/stores';
import { installErrorKey, WOO_KEY_GRANT_NEEDS_HTTPS } from '../lib/install-errors';
import { browser } from '../lib/navigation';
import { BRANDS } from '../lib/platforms';
import { storeAlreadyExists } from '../lib/store-url';
import { ChannelLogo } from './channel-logo';

interface ConnectStoreDialogProps {
  platform: StorePlatform | null;
  stores: readonly Store[];
  linked?: Record<string, LinkedStore[] | undefined>;
  /** Prefills the address (reconnecting a disconnected store). */
  initialUrl?: string;
  onClose: () => void;
  /** A WooCommerce store connected with pasted keys. */
  onConnected: (store: Store) => void;
}

/** Connect dialog for Shopify or WooCommerce with the store URL field (spec, second document). */
export function ConnectStoreDialog({ platform, stores, linked, initialUrl = '', onClose, onConnected }: ConnectStoreDialogProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(initialUrl);
  const [withKeys, setWithKeys] = useState(false);
  const [key, setKey] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    setUrl(initialUrl);
    setWithKeys(false);
    setKey('');
    setSecret('');
    setError(null);
    setLoading(false);
  }, [platform, initialUrl]);

  if (!platform) return null;
  const exists = storeAlreadyExists(platform, url, stores, linked);
  const keysMissing = withKeys && (!key.trim() || !secret.trim());
  const disabled = url.trim() === '' || exists || keysMissing;
  const shown = exists ? t('channels.errors.StoreAlreadyExistsInThisAccount') : error;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (disabled || !platform) return;
    setLoading(true);
    setError(null);
    const shop = url.trim();
    if (platform === 'woocommerce' && withKeys) {
      const res = await linkWooCommerce(shop, key.trim(), secret.trim());
      setLoading(false);
      if (res.success && res.data) {
        notify('success', t('channels.connect.connected', { name: res.data.store.name || res.data.store.platform_domain }));
        onConnected(res.data.store);
        onClose();
        return;
      }
      const e = installErrorKey(res);
      setError('key' in e ? t(e.key) : e.text);
      return;
    }
    const res = await installStore(platform, shop);
    if (res.success && res.data?.url) {
      // The platform's page; loading stays on while the browser leaves.
      browser.assign(res.data.url);
      return;
    }
    setLoading(false);
    const e = installErrorKey(res);
    setError('key' in e ? t(e.key) : e.text);
    // The key grant cannot reach this Dropline: the pasted keys are the way left, so show their fields.
    if (messageOf(res) === WOO_KEY_GRANT_NEEDS_HTTPS) setWithKeys(true);
  }

  const name = BRANDS[platform].name;
  return (
    <DialogShell
      onClose={onClose}
      onSubmit={submit}
      contentProps={{ 'data-platform': platform }}
      icon={<ChannelLogo id={platform} size={8} />}
      title={t('channels.connect.title', { name })}
      testId="connect-dialog"
      action={{ label: t('channels.actions.connect'), loading, disabled, testId: 'connect-submit' }}
    >
      <Stack gap="4">
        <Field.Root invalid={Boolean(shown)}>
          <Field.Label>{t('channels.connect.storeUrl')}</Field.Label>
          <Input
            autoFocus
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(null);
            }}
            placeholder={t(`channels.connect.placeholder.${platform}`)}
            data-testid="connect-store-url"
            dir="ltr"
          />
          {shown ? (
            <Field.ErrorText data-testid="connect-error">{shown}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t(`channels.connect.help.${platform}`)}</Field.HelperText>
          )}
        </Field.Root>
        {platform === 'woocommerce' ? (
          <Checkbox.Root checked={withKeys} onCheckedChange={(e) => setWithKeys(e.checked === true)} data-testid="connect-with-keys">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('channels.connect.haveKeys')}</Checkbox.Label>
          </Checkbox.Root>
        ) : null}
        {platform === 'woocommerce' && withKeys ? (
          <Stack gap="3">
            <Field.Root>
              <Field.Label>{t('channels.connect.consumerKey')}</Field.Label>
              <Input value={key} onChange={(e) => setKey(e.target.value)} placeholder="ck_…" data-testid="connect-consumer-key" dir="ltr" />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('channels.connect.consumerSecret')}</Field.Label>
              <Input
                type="password"
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
                placeholder="cs_…"
                data-testid="connect-consumer-secret"
                dir="ltr"
              />
            </Field.Root>
          </Stack>
        ) : null}
        {platform === 'shopify' ? (
          <Alert.Root status="info" size="sm" variant="subtle">
            <Alert.Indicator />
            <Text fontSize="sm">{t('channels.connect.shopifyNote')}</Text>
          </Alert.Root>
        ) : null}
      </Stack>
    </DialogShell>
  );
}
