import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '@/lib/toaster';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { SectionCard } from '@/components/ui/section-card';
import { browser, savePaymentSetting, startCardSetup, usePaymentSetting } from '../api/wallet';

const CARD_POLL_MS = 2000;
const CARD_POLL_FOR_MS = 30_000;

/** How supplier orders are paid (wallet or card; behaviour "default" = direct payment) and the saved card. */
export function PaymentSettingCard() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // Back from the vendor's page: its webhook saves the card a moment later, so the setting is
  // read again for a while.
  const [polling, setPolling] = useState(() => params.get('card') === 'saved');
  useEffect(() => {
    if (!polling) return;
    const id = setTimeout(() => setPolling(false), CARD_POLL_FOR_MS);
    return () => clearTimeout(id);
  }, [polling]);
  const { data, mutate } = usePaymentSetting(polling ? CARD_POLL_MS : 0);
  const [method, setMethod] = useState<'wallet' | 'card'>('wallet');
  const [saving, setSaving] = useState<'setting' | 'card' | null>(null);
  useEffect(() => {
    if (data?.method) setMethod(data.method);
  }, [data?.method]);

  async function saveSetting() {
    setSaving('setting');
    const res = await savePaymentSetting(method);
    setSaving(null);
    if (res.success) {
      notify('success', t('wallet.setting.saved'));
      void mutate(res.data ?? undefined, { revalidate: !res.data });
    } else notify('error', res.message || t('wallet.setting.failed'));
  }
  async function addCard() {
    setSaving('card');
    const res = await startCardSetup();
    if (res.success && res.data?.url) {
      browser.go(res.data.url);
      return;
    }
    setSaving(null);
    notify('error', res.message || t('wallet.setting.failed'));
  }

  return (
    <SectionCard title={t('wallet.setting.title')} testId="wallet-setting">
      <Text fontSize="sm" color="fg.muted">
        {t('wallet.setting.help')}
      </Text>
      <ChoiceGroup
        value={method}
        onChange={setMethod}
        choices={['wallet', 'card'] as const}
        label={(m) => t(`orders.pay.methods.${m}`)}
        testId="wallet-setting"
        direction="row"
      />
      <Button
        size="sm"
        alignSelf="start"
        colorPalette="teal"
        onClick={() => void saveSetting()}
        loading={saving === 'setting'}
        data-testid="wallet-setting-save"
      >
        {t('common.save')}
      </Button>
      <Stack gap="2" borderTopWidth="1px" pt="3">
        <Text fontSize="sm" data-testid="wallet-card-label">
          {data?.card_label ? t('wallet.setting.card', { label: data.card_label }) : t('wallet.setting.noCard')}
        </Text>
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          onClick={() => void addCard()}
          loading={saving === 'card'}
          data-testid="wallet-card-add"
        >
          {data?.card_label ? t('wallet.setting.replaceCard') : t('wallet.setting.addCard')}
        </Button>
        <Text fontSize="xs" color="fg.muted">
          {t('wallet.setting.cardHelp')}
        </Text>
      </Stack>
    </SectionCard>
  );
}
