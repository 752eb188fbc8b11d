import { Center } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { once } from '@/lib/once';
import { notify } from '@/lib/toaster';
import { finishShopifyInstall, installStore, useRefreshStores } from '../api/stores';
import { installErrorKey } from '../lib/install-errors';
import { browser } from '../lib/navigation';
import { ProgressCard } from './progress-card';

export const CHANNEL_PATH = '/app/channel';

/**
 * /callback?code&hmac&host&shop&state&timestamp: where Shopify sends the browser after the app
 * install. Every parameter goes to the API once; then back to the channel page with a toast.
 */
export function ShopifyCallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refreshStores = useRefreshStores();
  const [params] = useSearchParams();
  const query = Object.fromEntries(params.entries());
  const onceKey = `shopify-callback/${query.state ?? ''}/${query.code ?? ''}`;

  useEffect(() => {
    let active = true;
    const all = Object.fromEntries(new URLSearchParams(window.location.search).entries());
    once(onceKey, async () => {
      if (!all.code || !all.shop) return { ok: false, text: t('channels.errors.callbackIncomplete') };
      const res = await finishShopifyInstall(all);
      if (res.success && res.data)
        return { ok: true, text: t('channels.connect.connected', { name: res.data.store.name || res.data.store.platform_domain }) };
      const e = installErrorKey(res);
      return { ok: false, text: 'key' in e ? t(e.key) : e.text };
    }).then(async (outcome) => {
      if (!active) return;
      notify(outcome.ok ? 'success' : 'error', outcome.text);
      await refreshStores();
      navigate(CHANNEL_PATH, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [onceKey, navigate, refreshStores, t]);

  return (
    <Center minH="100vh" bg="bg.subtle" px="4">
      <ProgressCard testId="shopify-callback" title={t('pages.callback')} message={t('channels.connect.finishing')} />
    </Center>
  );
}

/** /install?shop=: an install started from Shopify's side; goes to Shopify's install page. */
export function ShopifyInstall() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shop = params.get('shop') ?? '';

  useEffect(() => {
    let active = true;
    if (!shop) {
      navigate(CHANNEL_PATH, { replace: true });
      return;
    }
    once(`shopify-install/${shop}`, () => installStore('shopify', shop)).then((res) => {
      if (!active) return;
      if (res.success && res.data?.url) {
        browser.assign(res.data.url);
        return;
      }
      const e = installErrorKey(res);
      notify('error', 'key' in e ? t(e.key) : e.text);
      navigate(CHANNEL_PATH, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [shop, navigate, t]);

  return (
    <Center minH="100vh" bg="bg.subtle" px="4">
      <ProgressCard testId="shopify-install" title={t('pages.install')} message={t('common.redirecting')} />
    </Center>
  );
}
