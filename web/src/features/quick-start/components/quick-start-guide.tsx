import { Badge, Box, Button, Circle, HStack, Heading, IconButton, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CheckIcon, CloseIcon } from '@/components/icons';
import { ORDER_QUICK_START_STEPS, QUICK_START_STEPS, type QuickStartStep } from '@/types/api';
import { isStepDone, updateQuickStart, useQuickStart } from '../api/quick-start';

export const STEP_LINKS: Record<QuickStartStep, string> = {
  CHOOSE_A_PLAN: '/app/setting/billing-plan/change-plan',
  FIND_AND_IMPORT: '/app/find-product',
  PUSH_PRODUCT: '/app/products-import',
  PLACE_ORDER: '/app/orders',
  NAVIGATE_TO_ORDER_CENTER: '/app/orders',
  FIND_READY_ORDER: '/app/orders?tab=placement',
};

/**
 * Four-step quick-start checklist of the home page, the product steps or, for an owner whose
 * store already sells, the order steps (the server says which and which step is next); hidden
 * once dismissed or done.
 */
export function QuickStartGuide() {
  const { t } = useTranslation();
  const { data, mutate } = useQuickStart();
  if (!data || data.dismiss || data.done) return null;
  const orders = data.checklist === 'orders';
  const keys: readonly QuickStartStep[] = orders ? ORDER_QUICK_START_STEPS : QUICK_START_STEPS;
  const stepsDone: Partial<Record<QuickStartStep, boolean>> = orders ? data.order_steps : data.steps;
  const active = data.active_step as QuickStartStep;
  const doneCount = keys.filter((step) => isStepDone(stepsDone, step)).length;

  async function dismiss() {
    const res = await updateQuickStart({ dismiss: true });
    await mutate(res.success && res.data ? res.data : { ...data!, dismiss: true }, { revalidate: false });
  }

  return (
    <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} data-testid="quick-start" data-checklist={data.checklist}>
      <HStack justify="space-between" align="start" mb="4">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            {t('quickStart.title')}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t('quickStart.progress', { done: doneCount, total: keys.length })}
          </Text>
        </Stack>
        <IconButton variant="ghost" size="sm" aria-label={t('quickStart.dismiss')} onClick={dismiss} data-testid="quick-start-dismiss">
          <CloseIcon />
        </IconButton>
      </HStack>
      <Progress.Root value={(doneCount / keys.length) * 100} size="sm" colorPalette="teal" mb="5">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Stack gap="3">
        {keys.map((step, index) => {
          const done = isStepDone(stepsDone, step);
          const isActive = step === active;
          return (
            <HStack
              key={step}
              align="start"
              gap="4"
              p="4"
              borderRadius="lg"
              borderWidth="1px"
              borderColor={isActive ? 'teal.400' : 'border'}
              bg={isActive ? 'teal.50' : undefined}
              data-testid={`quick-start-step-${step}`}
              data-active={isActive || undefined}
              data-done={done || undefined}
            >
              <Circle
                size="8"
                bg={done ? 'teal.600' : isActive ? 'teal.100' : 'gray.100'}
                color={done ? 'white' : 'fg'}
                fontWeight="bold"
                fontSize="sm"
              >
                {done ? <CheckIcon boxSize="4" /> : index + 1}
              </Circle>
              <Stack gap="1" flex="1">
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="semibold" textDecoration={done ? 'line-through' : undefined} color={done ? 'fg.muted' : undefined}>
                    {t(`quickStart.steps.${step}.title`)}
                  </Text>
                  {isActive ? (
                    <Badge colorPalette="teal" size="sm">
                      {t('quickStart.current')}
                    </Badge>
                  ) : null}
                </HStack>
                {isActive || !done ? (
                  <Text fontSize="sm" color="fg.muted">
                    {t(`quickStart.steps.${step}.description`)}
                  </Text>
                ) : null}
                {isActive ? (
                  <Button asChild size="sm" colorPalette="teal" alignSelf="start" mt="2" data-testid="quick-start-action">
                    <RouterLink to={STEP_LINKS[step]}>{t(`quickStart.steps.${step}.action`)}</RouterLink>
                  </Button>
                ) : null}
              </Stack>
            </HStack>
          );
        })}
      </Stack>
    </Box>
  );
}
