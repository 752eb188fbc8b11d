import { Box, Button, HStack, Link, Popover, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ChevronDownIcon, GaugeIcon } from '@/components/icons';
import { isUnlimited } from '@/lib/format';
import type { FeatureQuota } from '@/types/api';
import { planName } from '../lib/plans';
import type { CurrentPlan } from '../types';
import { CHANGE_PLAN_PATH } from './upgrade-button';

function FeatureRow({ name, feature }: { name: string; feature: FeatureQuota }) {
  const { t } = useTranslation();
  const unlimited = isUnlimited(feature.limit);
  const percent = unlimited || feature.limit <= 0 ? 0 : Math.min(100, (feature.usage / feature.limit) * 100);
  return (
    <Stack gap="1" data-testid={`usage-feature-${name}`}>
      <HStack justify="space-between" gap="4" fontSize="sm">
        <Text>{t(`billing.features.${name}`, { defaultValue: name })}</Text>
        <Text color="fg.muted" whiteSpace="nowrap">
          {unlimited
            ? t('billing.usageUnlimited', { usage: feature.usage })
            : t('billing.usageOf', { usage: feature.usage, limit: feature.limit })}
        </Text>
      </HStack>
      {unlimited ? null : (
        <Progress.Root size="xs" value={percent} colorPalette={percent >= 100 ? 'red' : 'teal'}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
    </Stack>
  );
}

interface UsagePopoverProps {
  plan: CurrentPlan | undefined;
  /** Hide the Change plan link when billing is hidden. */
  hideBilling: boolean;
  compact?: boolean;
}

/** "Your usage": limit and usage of every feature of the current plan, with a Change plan link. */
export function UsagePopover({ plan, hideBilling, compact = false }: UsagePopoverProps) {
  const { t } = useTranslation();
  const features = Object.entries(plan?.package.features ?? {});
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="sm" data-testid="usage-button" aria-label={t('billing.yourUsage')} px="2">
          <GaugeIcon />
          {compact ? null : t('billing.yourUsage')}
          <ChevronDownIcon />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content data-testid="usage-popover" w="sm" maxW="calc(100vw - 16px)">
            <Popover.Body>
              <Stack gap="4">
                <Box>
                  <Popover.Title fontWeight="semibold">{t('billing.yourUsage')}</Popover.Title>
                  {plan ? (
                    <Text fontSize="sm" color="fg.muted">
                      {t('billing.currentPlan', { name: planName(t, plan.package) })}
                    </Text>
                  ) : null}
                </Box>
                {features.length === 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    {t('billing.noFeatures')}
                  </Text>
                ) : (
                  features.map(([name, feature]) => <FeatureRow key={name} name={name} feature={feature} />)
                )}
                {hideBilling ? null : (
                  <Link asChild color="teal.700" fontWeight="semibold" fontSize="sm" data-testid="usage-change-plan">
                    <RouterLink to={CHANGE_PLAN_PATH}>{t('billing.changePlan')}</RouterLink>
                  </Link>
                )}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
