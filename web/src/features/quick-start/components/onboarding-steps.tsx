import { Badge, Circle, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { env } from '@/lib/env';
import { ONBOARDING_LINKS, onboardingOrder } from '../lib/onboarding';

/** The onboarding's steps in the spec's order for this account; the first is where to start. */
export function OnboardingSteps({ planReinstalled }: { planReinstalled: boolean }) {
  const { t } = useTranslation();
  const steps = onboardingOrder(env.onboardingV2, planReinstalled);
  return (
    <Stack gap="3" data-testid="onboarding-steps" data-order={steps.join(',')}>
      <Heading as="h2" size="md">
        {t('onboarding.title')}
      </Heading>
      {steps.map((step, i) => (
        <HStack key={step} align="start" gap="3" data-testid={`onboarding-step-${step}`}>
          <Circle size="7" bg={i === 0 ? 'teal.600' : 'gray.100'} color={i === 0 ? 'white' : 'fg'} fontSize="sm" fontWeight="bold">
            {i + 1}
          </Circle>
          <Stack gap="0.5">
            <HStack gap="2">
              <Link asChild fontWeight="semibold" color="teal.700">
                <RouterLink to={ONBOARDING_LINKS[step]}>{t(`onboarding.steps.${step}.title`)}</RouterLink>
              </Link>
              {i === 0 ? (
                <Badge colorPalette="teal" size="sm">
                  {t('onboarding.start')}
                </Badge>
              ) : null}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {t(`onboarding.steps.${step}.body`)}
            </Text>
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}
