import { Alert, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/list-page';
import { SectionCard } from '@/components/ui/section-card';
import { useDocumentTitle } from '@/components/use-document-title';
import { messageOf } from '@/lib/api';
import { formatMoney, formatPlanMonthly } from '@/lib/money';
import { CHANGE_PLAN_PATH } from '@/lib/plan-prompts';
import { notify } from '@/lib/toaster';
import { cancelSubscription, useCurrentPlan, useRefreshPlan } from '../api/plan';
import { cycleOf, formatDay, planName } from '../lib/plans';
import type { Subscription } from '../types';
import { PaymentLogs } from './payment-logs';
import { UsageBars } from './usage-bars';

/** The subscription's state in a sentence: renews on, ends on, or in its grace period. */
function SubscriptionLine({ sub }: { sub: Subscription }) {
  const { t, i18n } = useTranslation();
  const date = (v: string | null | undefined) => formatDay(v, i18n.language);
  if (sub.grace_until) {
    return (
      <Alert.Root status="warning" data-testid="billing-grace">
        <Alert.Indicator />
        <Alert.Title>{t('billing.page.grace', { date: date(sub.grace_until) })}</Alert.Title>
      </Alert.Root>
    );
  }
  if (sub.cancel_at_period_end) {
    return <Text data-testid="billing-ends">{t('billing.page.ends', { date: date(sub.current_period_end) })}</Text>;
  }
  const next = sub.next_charge;
  return (
    <Text data-testid="billing-next-charge">
      {next
        ? t('billing.page.nextCharge', { amount: formatMoney(next.amount, next.currency, i18n.language), date: date(next.at) })
        : t('billing.page.renews', { date: date(sub.current_period_end) })}
    </Text>
  );
}

/** `/app/setting/billing`: the current plan, this cycle's usage, the next charge, payments, cancel. */
export function BillingPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('pages.settingBilling'));
  const { data, error, isLoading } = useCurrentPlan();
  const refresh = useRefreshPlan();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const plan = data?.package;
  const sub = data?.subscription ?? null;

  async function cancel() {
    setBusy(true);
    try {
      const res = await cancelSubscription();
      if (!res.success) {
        notify('error', messageOf(res) || t('billing.changeFailed'));
        return;
      }
      notify('success', t('billing.page.cancelled', { date: formatDay(res.data?.current_period_end, i18n.language) }));
      setConfirming(false);
      void refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="4" maxW="4xl" data-testid="billing-page">
      <PageHeader title={t('pages.settingBilling')} />
      {error ? <ErrorAlert message={t('billing.loadFailed')} testId="billing-error" /> : null}
      {isLoading ? <Skeleton h="40" borderRadius="xl" /> : null}
      {data?.test_mode ? (
        <Alert.Root status="info" data-testid="billing-test-mode">
          <Alert.Indicator />
          <Alert.Title>{t('billing.page.testMode')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {plan ? (
        <SectionCard
          title={t('billing.currentPlan', { name: planName(t, plan) })}
          hint={
            plan.is_free
              ? t('billing.plans.freeForever')
              : `${formatPlanMonthly(plan.price, plan.cycle, i18n.language)}${t('billing.plans.perMonth')} · ${
                  cycleOf(plan.cycle) === 'yearly' ? t('billing.plans.billedYearly') : t('billing.plans.billedMonthly')
                }`
          }
          actions={
            <HStack gap="2" wrap="wrap">
              {sub && !sub.cancel_at_period_end && !plan.is_free ? (
                <Button variant="outline" size="sm" onClick={() => setConfirming(true)} data-testid="billing-cancel">
                  {t('billing.page.cancel')}
                </Button>
              ) : null}
              <Button asChild size="sm" colorPalette="orange" data-testid="billing-change-plan">
                <RouterLink to={CHANGE_PLAN_PATH}>{t('billing.changePlan')}</RouterLink>
              </Button>
            </HStack>
          }
          testId="billing-plan"
          dataProps={{ 'data-key': plan.key }}
        >
          {sub ? <SubscriptionLine sub={sub} /> : null}
          <UsageBars plan={plan} />
        </SectionCard>
      ) : null}
      <PaymentLogs />
      <ConfirmDialog
        open={confirming}
        title={t('billing.page.cancelTitle')}
        body={t('billing.page.cancelBody', { date: formatDay(sub?.current_period_end, i18n.language) })}
        confirmLabel={t('billing.page.cancel')}
        loading={busy}
        onConfirm={() => void cancel()}
        onClose={() => setConfirming(false)}
        testId="billing-cancel-dialog"
      />
    </Stack>
  );
}
