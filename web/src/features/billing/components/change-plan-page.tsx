import { Alert, Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/list-page';
import { useDocumentTitle } from '@/components/use-document-title';
import { messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import { chargeSubscription, useCurrentPlan, usePricing, useRefreshPlan } from '../api/plan';
import { type ChargeOutcome, type Cycle, chargeOutcome, formatDay, initialCycle, planAction, planName } from '../lib/plans';
import type { Package } from '../types';
import { CycleSwitch, PlanGrid } from './plan-card';

/** Leaving for the vendor's checkout page; a seam so tests can see where the page went. */
export const goTo = { url: (url: string) => window.location.assign(url) };

/** `/app/setting/billing-plan/change-plan`: the plans side by side; choosing one starts the change. */
export function ChangePlanPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('pages.changePlan'));
  const pricing = usePricing();
  const current = useCurrentPlan();
  const refresh = useRefreshPlan();
  const [chosen, setChosen] = useState<Cycle | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [scheduled, setScheduled] = useState<Extract<ChargeOutcome, { kind: 'scheduled' }> | null>(null);
  const cycle = chosen ?? initialCycle(current.data);
  const packages = pricing.data?.packages ?? [];

  async function choose(plan: Package) {
    setBusy(plan.key);
    try {
      const res = await chargeSubscription(plan.key);
      if (!res.success || !res.data) {
        notify('error', messageOf(res) || t('billing.changeFailed'));
        return;
      }
      const outcome = chargeOutcome(res.data);
      if (outcome.kind === 'checkout') {
        goTo.url(outcome.url);
        return;
      }
      setScheduled(outcome);
      void refresh();
    } finally {
      setBusy(null);
    }
  }

  const actionFor = (plan: Package) => {
    const action = planAction(plan, current.data);
    if (action === 'current' || action === 'pending') {
      return (
        <Button w="full" variant="outline" disabled data-testid="plan-choose" data-action={action}>
          {t(`billing.plans.action.${action}`)}
        </Button>
      );
    }
    return (
      <Button
        w="full"
        colorPalette={action === 'upgrade' ? 'orange' : 'gray'}
        variant={action === 'upgrade' ? 'solid' : 'outline'}
        loading={busy === plan.key}
        disabled={busy !== null || !current.data}
        onClick={() => void choose(plan)}
        data-testid="plan-choose"
        data-action={action}
      >
        {t(`billing.plans.action.${action}`, { name: planName(t, plan) })}
      </Button>
    );
  };

  return (
    <Stack gap="5" data-testid="change-plan-page">
      <PageHeader title={t('pages.changePlan')} subtitle={t('billing.plans.subtitle')}>
        <CycleSwitch value={cycle} onChange={setChosen} />
      </PageHeader>
      {scheduled ? (
        <Alert.Root status="info" borderRadius="xl" data-testid="plan-scheduled">
          <Alert.Indicator />
          <Alert.Title>
            {t('billing.plans.scheduled', {
              name: planName(t, packages.find((p) => p.key === scheduled.planKey) ?? { key: '', name: scheduled.planKey ?? '' }),
              date: formatDay(scheduled.at, i18n.language),
            })}
          </Alert.Title>
        </Alert.Root>
      ) : null}
      <PlanGrid cycle={cycle} currentKey={current.data?.package.key} action={actionFor} />
    </Stack>
  );
}
