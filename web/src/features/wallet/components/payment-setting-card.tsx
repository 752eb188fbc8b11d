import { Button, HStack, Heading, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toaster';
import { savePaymentInfo, savePaymentSetting, usePaymentSetting } from '../api/wallet';

/** How supplier orders are paid (wallet or card; behaviour "default" = direct payment) and the saved card. */
export function PaymentSettingCard() {
  const { t } = useTranslation();
  const { data, mutate } = usePaymentSetting();
  const [method, setMethod] = useState<'wallet' | 'card'>('wallet');
  const [card, setCard] = useState('');
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
  async function saveCard() {
    setSaving('card');
    const res = await savePaymentInfo(card.trim());
    setSaving(null);
    if (res.success) {
      notify('success', t('wallet.setting.cardSaved'));
      setCard('');
      void mutate(data ? { ...data, card_label: res.data?.card_label ?? data.card_label } : undefined);
    } else notify('error', res.message || t('wallet.setting.failed'));
  }

  return (
    <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p="4" data-testid="wallet-setting">
      <Heading as="h2" size="md">
        {t('wallet.setting.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('wallet.setting.help')}
      </Text>
      <RadioGroup.Root value={method} onValueChange={(e) => setMethod(e.value as 'wallet' | 'card')} colorPalette="teal">
        <HStack gap="4">
          {(['wallet', 'card'] as const).map((m) => (
            <RadioGroup.Item key={m} value={m} data-testid={`wallet-setting-${m}`}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(`orders.pay.methods.${m}`)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
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
        <HStack gap="2">
          <Input
            size="sm"
            value={card}
            onChange={(e) => setCard(e.target.value)}
            placeholder={t('wallet.setting.cardPlaceholder')}
            data-testid="wallet-card-input"
          />
          <Button
            size="sm"
            variant="outline"
            onClick={() => void saveCard()}
            loading={saving === 'card'}
            disabled={!card.trim()}
            data-testid="wallet-card-save"
          >
            {t('wallet.setting.saveCard')}
          </Button>
        </HStack>
      </Stack>
    </Stack>
  );
}
