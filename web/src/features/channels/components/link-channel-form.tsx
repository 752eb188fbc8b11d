import { Button, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelLinkOptions, SalesChannel } from '@/types/api';
import { linkFacebook, linkGoogleMerchant } from '../api/channels';

interface LinkChannelFormProps {
  channel: 'facebook' | 'google';
  options: ChannelLinkOptions | null;
  onLinked: (channel: SalesChannel) => void;
}

function Select({
  label,
  value,
  onChange,
  items,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  items: { id: string; name?: string }[];
  testId: string;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name ? `${item.name} (${item.id})` : item.id}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** After Facebook or Google sign-in: choose the business and catalog, or the merchant account. */
export function LinkChannelForm({ channel, options, onLinked }: LinkChannelFormProps) {
  const { t } = useTranslation();
  const businesses = options?.businesses ?? [];
  const merchants = options?.merchants ?? [];
  const [businessId, setBusinessId] = useState(businesses[0]?.id ?? '');
  const catalogs = businesses.find((b) => b.id === businessId)?.catalogs ?? [];
  const [catalogId, setCatalogId] = useState(catalogs[0]?.id ?? '');
  const [merchantId, setMerchantId] = useState(merchants[0]?.id ?? '');
  const [loading, setLoading] = useState(false);

  const ready = channel === 'facebook' ? Boolean(businessId && catalogId) : Boolean(merchantId);
  const empty = channel === 'facebook' ? businesses.length === 0 : merchants.length === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setLoading(true);
    const res = channel === 'facebook' ? await linkFacebook(businessId, catalogId) : await linkGoogleMerchant(merchantId);
    setLoading(false);
    if (res.success && res.data) onLinked(res.data.channel);
  }

  if (empty) {
    return (
      <Text color="fg.muted" data-testid="link-empty">
        {t(channel === 'facebook' ? 'channels.link.noBusiness' : 'channels.link.noMerchant')}
      </Text>
    );
  }
  return (
    <Stack as="form" gap="4" onSubmit={submit} data-testid="link-channel-form">
      <Text color="fg.muted">{t(`channels.link.intro.${channel}`)}</Text>
      {channel === 'facebook' ? (
        <>
          <Select
            label={t('channels.link.business')}
            value={businessId}
            onChange={(id) => {
              setBusinessId(id);
              setCatalogId(businesses.find((b) => b.id === id)?.catalogs[0]?.id ?? '');
            }}
            items={businesses}
            testId="link-business"
          />
          {catalogs.length > 0 ? (
            <Select label={t('channels.link.catalog')} value={catalogId} onChange={setCatalogId} items={catalogs} testId="link-catalog" />
          ) : (
            <Text fontSize="sm" color="fg.error">
              {t('channels.link.noCatalog')}
            </Text>
          )}
        </>
      ) : (
        <Select label={t('channels.link.merchant')} value={merchantId} onChange={setMerchantId} items={merchants} testId="link-merchant" />
      )}
      <Button type="submit" colorPalette="teal" alignSelf="start" disabled={!ready} loading={loading} data-testid="link-submit">
        {t('channels.link.submit')}
      </Button>
    </Stack>
  );
}
