import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/lib/env';
import type { Store } from '@/types/api';
import { usePublications } from '../api/stores';
import { learnMoreUrl, VIA_SHOPIFY } from '../lib/platforms';
import { ChannelCard } from './channel-card';
import { CardGrid, Section } from './section';

/** The publication handles a Shopify store has, read with the store rows' own call (one request, shared). */
function PublicationsProbe({ storeId, onHandles }: { storeId: string; onHandles: (storeId: string, handles: string[]) => void }) {
  const { data } = usePublications(storeId);
  useEffect(() => {
    if (data)
      onHandles(
        storeId,
        data.publications.map((p) => p.handle),
      );
  }, [data, storeId, onHandles]);
  return null;
}

/** The store's handles as last read: its publications once loaded, else the list's external channels. */
function handlesOf(store: Store, read: Record<string, string[]>): string[] {
  return read[store.id] ?? (store.metadata?.external_channels ?? []).filter((c) => c.is_active).map((c) => c.handle);
}

/** The connected Shopify store (if any) whose sales channels include the handle. */
export function storeWithHandle(stores: readonly Store[], handle: string, read: Record<string, string[]> = {}): Store | undefined {
  return stores.find((s) => s.platform === 'shopify' && s.status === 'connected' && handlesOf(s, read).includes(handle));
}

/**
 * Pinterest, Shop, Snapchat and X: reached through a Shopify store's publications, exactly the
 * ones the push dialog offers. Available now (not "coming soon"): a card says through which
 * store, or what to do to reach the channel.
 */
export function ViaShopifySection({ stores }: { stores: readonly Store[] }) {
  const { t } = useTranslation();
  const [read, setRead] = useState<Record<string, string[]>>({});
  const onHandles = useCallback((storeId: string, handles: string[]) => setRead((r) => ({ ...r, [storeId]: handles })), []);
  const shopify = stores.filter((s) => s.platform === 'shopify' && s.status === 'connected');
  return (
    <Section title={t('channels.viaShopify.title')} subtitle={t('channels.viaShopify.subtitle')} testId="via-shopify-section">
      {shopify.map((s) => (
        <PublicationsProbe key={s.id} storeId={s.id} onHandles={onHandles} />
      ))}
      <CardGrid>
        {VIA_SHOPIFY.map(({ id, handle }) => {
          const store = storeWithHandle(stores, handle, read);
          const hint = shopify.length === 0 ? t('channels.viaShopify.needsShopify') : t('channels.viaShopify.addInShopify');
          return (
            <ChannelCard
              key={id}
              id={id}
              state={store ? 'active' : 'via'}
              detail={store ? t('channels.viaShopify.through', { name: store.name || store.platform_domain }) : hint}
              learnMoreUrl={learnMoreUrl(env.helpCenterUrl, id)}
            />
          );
        })}
      </CardGrid>
    </Section>
  );
}
