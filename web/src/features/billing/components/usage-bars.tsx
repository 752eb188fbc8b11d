import { HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isUnlimited } from '@/lib/format';
import { usagePercent } from '../lib/plans';
import type { Package } from '../types';

/** This cycle's usage of each feature the plan limits, as bars with "usage / limit". */
export function UsageBars({ plan }: { plan: Package }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3" data-testid="usage-bars">
      {Object.entries(plan.features).map(([name, f]) => {
        const unlimited = isUnlimited(f.limit);
        const percent = usagePercent(f.limit, f.usage);
        return (
          <Stack key={name} gap="1" data-testid={`usage-bar-${name}`}>
            <HStack justify="space-between" fontSize="sm" gap="3">
              <Text>{t(`billing.features.${name}`, { defaultValue: name })}</Text>
              <Text color="fg.muted" whiteSpace="nowrap">
                {unlimited
                  ? t('billing.usageUnlimited', { usage: f.usage })
                  : f.limit <= 0
                    ? t('billing.plans.notIncluded')
                    : t('billing.usageOf', { usage: f.usage, limit: f.limit })}
              </Text>
            </HStack>
            {unlimited || f.limit <= 0 ? null : (
              <Progress.Root size="sm" value={percent} colorPalette={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'teal'}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
