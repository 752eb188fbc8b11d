import { Button, Checkbox, Field, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '@/components/money-input';
import { notify } from '@/lib/toaster';
import type { Wallet } from '@/types/wallet';
import { toAmount } from '@/lib/money';
import { SectionCard } from '@/components/ui/section-card';
import { MAX_TOPUP, MIN_TOPUP, acceptPolicy, browser, pendingTopup, topUp } from '../api/wallet';
import { validTopup } from '../lib/chart';

const PRESETS = [50, 100, 500];

/** Tops the wallet up through the vendor's hosted checkout, once the policy is accepted. */
export function TopupCard({ wallet, onPolicyAccepted }: { wallet: Wallet | undefined; onPolicyAccepted: (w: Wallet) => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState<number | null>(100);
  const [agree, setAgree] = useState(false);
  const [busy, setBusy] = useState(false);
  const accepted = Boolean(wallet?.policy_accepted);
  const valid = validTopup(amount, MIN_TOPUP, MAX_TOPUP);

  async function submit() {
    if (!valid || amount === null) return;
    setBusy(true);
    try {
      if (!accepted) {
        const res = await acceptPolicy();
        if (!res.success) {
          notify('error', res.message || t('wallet.topup.failed'));
          return;
        }
        if (res.data) onPolicyAccepted(res.data);
      }
      const res = await topUp(amount);
      if (res.success && res.data?.url) {
        pendingTopup.set(toAmount(wallet?.total_balance) ?? 0, amount);
        browser.go(res.data.url);
      } else notify('error', res.message || t('wallet.topup.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard title={t('wallet.topup.title')} testId="wallet-topup">
      <HStack gap="2" wrap="wrap">
        {PRESETS.map((p) => (
          <Button
            key={p}
            size="xs"
            variant={amount === p ? 'solid' : 'outline'}
            colorPalette="teal"
            onClick={() => setAmount(p)}
            data-testid={`wallet-topup-preset-${p}`}
          >
            ${p}
          </Button>
        ))}
      </HStack>
      <Field.Root invalid={amount !== null && !valid}>
        <Field.Label>{t('wallet.topup.amount')}</Field.Label>
        <MoneyInput value={amount} onChange={setAmount} data-testid="wallet-topup-amount" />
        <Field.HelperText>{t('wallet.topup.range', { min: MIN_TOPUP, max: MAX_TOPUP })}</Field.HelperText>
        <Field.ErrorText>{t('wallet.topup.invalid', { min: MIN_TOPUP, max: MAX_TOPUP })}</Field.ErrorText>
      </Field.Root>
      {accepted ? null : (
        <Checkbox.Root checked={agree} onCheckedChange={(e) => setAgree(e.checked === true)} size="sm" data-testid="wallet-policy">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('wallet.topup.policy')}</Checkbox.Label>
        </Checkbox.Root>
      )}
      <Text fontSize="xs" color="fg.muted">
        {t('wallet.topup.redirect')}
      </Text>
      <Button
        colorPalette="teal"
        onClick={() => void submit()}
        loading={busy}
        disabled={!valid || (!accepted && !agree)}
        data-testid="wallet-topup-submit"
      >
        {t('wallet.topup.submit')}
      </Button>
    </SectionCard>
  );
}
