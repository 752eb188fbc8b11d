import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { CHANGE_PLAN_PATH } from '@/lib/plan-prompts';
import { getToken } from '@/lib/storage';
import { type Cycle, planName } from '../lib/plans';
import { CycleSwitch, PlanGrid } from './plan-card';

/** `/public/pricing`: the price list for anyone; the way in leads to sign-up, or to change plan when signed in. */
export function PricingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.pricing'));
  const [cycle, setCycle] = useState<Cycle>('monthly');
  const signedIn = Boolean(getToken());
  return (
    <Stack gap="6" maxW="6xl" mx="auto" w="full" px={{ base: '4', md: '8' }} py={{ base: '6', md: '12' }} data-testid="pricing-page">
      <Stack gap="2" align="center" textAlign="center">
        <Heading as="h1" size={{ base: '2xl', md: '4xl' }} data-testid="page-title">
          {t('billing.pricing.title')}
        </Heading>
        <Text color="fg.muted" maxW="2xl">
          {t('billing.pricing.subtitle')}
        </Text>
        <CycleSwitch value={cycle} onChange={setCycle} />
      </Stack>
      <PlanGrid
        cycle={cycle}
        action={(plan) => (
          <Button asChild w="full" colorPalette={plan.is_free ? 'gray' : 'orange'} variant={plan.is_free ? 'outline' : 'solid'}>
            <RouterLink to={signedIn ? CHANGE_PLAN_PATH : '/signup'} data-testid="pricing-start">
              {plan.is_free ? t('billing.pricing.startFree') : t('billing.pricing.choose', { name: planName(t, plan) })}
            </RouterLink>
          </Button>
        )}
      />
    </Stack>
  );
}
