import { Badge, Box, Button, HStack, Heading, List, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnlimited } from '@/lib/format';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatPlanMonthly } from '@/lib/money';
import { usePricing } from '../api/plan';
import { type Cycle, cycleOf, planName, plansFor, yearlySaving } from '../lib/plans';
import type { Package } from '../types';

/** Features worth comparing on a card, in the order owners ask about them. */
const SHOWN = [
  'IMPORT_PRODUCT',
  'LISTING_PRODUCTS',
  'ORDER_TRACKING_NUMBERS',
  'AI_PRODUCT_WRITING',
  'BULK_ORDER_FULFILLMENT',
  'ADMIAD_CASHBACK',
];

function limitText(t: (k: string, o?: Record<string, unknown>) => string, limit: number): string {
  if (isUnlimited(limit)) return t('billing.plans.unlimited');
  if (limit <= 0) return t('billing.plans.notIncluded');
  return String(limit);
}

interface PlanCardProps {
  plan: Package;
  current?: boolean;
  /** Percent a yearly plan saves, shown as a badge. */
  saving?: number;
  action?: ReactNode;
}

/** One plan: name, price per month (spec section 9), cycle, the main limits and its action. */
export function PlanCard({ plan, current = false, saving = 0, action }: PlanCardProps) {
  const { t, i18n } = useTranslation();
  const yearly = cycleOf(plan.cycle) === 'yearly';
  return (
    <Stack
      gap="4"
      p="5"
      bg="bg"
      borderWidth={current ? '2px' : '1px'}
      borderColor={current ? 'teal.500' : 'border'}
      borderRadius="xl"
      data-testid="plan-card"
      data-key={plan.key}
      data-current={current}
    >
      <HStack justify="space-between" align="start" gap="2">
        <Heading as="h2" size="lg">
          {planName(t, plan)}
        </Heading>
        {current ? (
          <Badge colorPalette="teal" data-testid="plan-current">
            {t('billing.plans.current')}
          </Badge>
        ) : saving > 0 ? (
          <Badge colorPalette="orange">{t('billing.plans.saving', { percent: saving })}</Badge>
        ) : null}
      </HStack>
      <Box>
        <Text as="span" fontSize="3xl" fontWeight="bold" data-testid="plan-price">
          {formatPlanMonthly(plan.price, plan.cycle, i18n.language)}
        </Text>
        <Text as="span" color="fg.muted">
          {t('billing.plans.perMonth')}
        </Text>
        <Text fontSize="sm" color="fg.muted" data-testid="plan-cycle">
          {plan.is_free ? t('billing.plans.freeForever') : yearly ? t('billing.plans.billedYearly') : t('billing.plans.billedMonthly')}
        </Text>
      </Box>
      <List.Root gap="1.5" fontSize="sm" variant="plain">
        {SHOWN.filter((k) => plan.features[k]).map((k) => (
          <List.Item key={k} justifyContent="space-between" gap="3" display="flex">
            <Text>{t(`billing.features.${k}`)}</Text>
            <Text fontWeight="medium" textAlign="end">
              {limitText(t, plan.features[k]!.limit)}
            </Text>
          </List.Item>
        ))}
      </List.Root>
      {action ? <Box mt="auto">{action}</Box> : null}
    </Stack>
  );
}

/** The Monthly / Yearly switch above the plans. */
export function CycleSwitch({ value, onChange }: { value: 'monthly' | 'yearly'; onChange: (v: 'monthly' | 'yearly') => void }) {
  const { t } = useTranslation();
  return (
    <HStack gap="0" borderWidth="1px" borderRadius="full" p="1" w="fit-content" role="group" aria-label={t('billing.plans.cycle')}>
      {(['monthly', 'yearly'] as const).map((c) => (
        <Button
          key={c}
          size="sm"
          borderRadius="full"
          variant={value === c ? 'solid' : 'ghost'}
          colorPalette="teal"
          aria-pressed={value === c}
          onClick={() => onChange(c)}
          data-testid={`cycle-${c}`}
        >
          {c === 'monthly' ? t('billing.plans.monthly') : t('billing.plans.yearly')}
        </Button>
      ))}
    </HStack>
  );
}

interface PlanGridProps {
  cycle: Cycle;
  /** The workplace's plan, marked as current. */
  currentKey?: string;
  action: (plan: Package) => ReactNode;
}

/** The price list's plans of one cycle side by side, each with its action. */
export function PlanGrid({ cycle, currentKey, action }: PlanGridProps) {
  const { t } = useTranslation();
  const pricing = usePricing();
  const packages = pricing.data?.packages ?? [];
  return (
    <>
      {pricing.error ? <ErrorAlert message={t('billing.loadFailed')} testId="plans-error" /> : null}
      {pricing.isLoading ? <Skeleton h="80" borderRadius="xl" /> : null}
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {plansFor(packages, cycle).map((plan) => (
          <PlanCard
            key={plan.key}
            plan={plan}
            current={plan.key === currentKey}
            saving={yearlySaving(packages, plan)}
            action={action(plan)}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
