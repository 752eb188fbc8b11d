import { Button, Circle, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CheckIcon } from '@/components/icons';
import { PageHeader } from '@/components/ui/list-page';
import { useDocumentTitle } from '@/components/use-document-title';
import { QUICK_START_STEPS } from '@/types/api';
import { isStepDone, useQuickStart } from '../api/quick-start';
import { STEP_LINKS } from './quick-start-guide';

/** The areas the guide explains, each with the page it leads to. */
const TOPICS = [
  { key: 'find', to: '/app/find-product' },
  { key: 'import', to: '/app/products-import' },
  { key: 'push', to: '/app/products-center' },
  { key: 'orders', to: '/app/orders' },
  { key: 'tracking', to: '/app/tracking-center/import-list' },
  { key: 'wallet', to: '/app/setting/wallet' },
] as const;

/**
 * `/app/guide-line`: the quick-start steps with where each stands (also after the home checklist
 * was dismissed or finished), and how each area of Dropline works.
 */
export function GuidePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.guideLine'));
  const { data } = useQuickStart();
  return (
    <Stack gap="8" maxW="5xl" data-testid="guide-page">
      <PageHeader title={t('pages.guideLine')} subtitle={t('guide.subtitle')} />
      <Stack as="section" gap="3" data-testid="guide-steps">
        <Heading as="h2" size="lg">
          {t('guide.stepsTitle')}
        </Heading>
        {QUICK_START_STEPS.map((step, index) => {
          const done = Boolean(data) && isStepDone(data?.steps, step);
          return (
            <HStack
              key={step}
              gap="4"
              p="4"
              bg="bg"
              borderWidth="1px"
              borderRadius="lg"
              data-testid={`guide-step-${step}`}
              data-done={done || undefined}
            >
              <Circle size="8" bg={done ? 'teal.600' : 'gray.100'} color={done ? 'white' : 'fg'} fontWeight="bold" fontSize="sm">
                {done ? <CheckIcon boxSize="4" /> : index + 1}
              </Circle>
              <Stack gap="0.5" flex="1" minW="0">
                <Text fontWeight="semibold">{t(`quickStart.steps.${step}.title`)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {done ? t('guide.done') : t(`quickStart.steps.${step}.description`)}
                </Text>
              </Stack>
              <Button asChild size="sm" variant={done ? 'ghost' : 'outline'} colorPalette="teal">
                <RouterLink to={STEP_LINKS[step]}>{t(`quickStart.steps.${step}.action`)}</RouterLink>
              </Button>
            </HStack>
          );
        })}
      </Stack>
      <Stack as="section" gap="3" data-testid="guide-topics">
        <Heading as="h2" size="lg">
          {t('guide.topicsTitle')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {TOPICS.map((topic) => (
            <Stack key={topic.key} bg="bg" borderWidth="1px" borderRadius="xl" p="5" gap="2" data-testid={`guide-topic-${topic.key}`}>
              <Heading as="h3" size="md">
                {t(`guide.topics.${topic.key}.title`)}
              </Heading>
              <Text fontSize="sm" color="fg.muted" flex="1">
                {t(`guide.topics.${topic.key}.body`)}
              </Text>
              <Button asChild size="sm" variant="ghost" colorPalette="teal" alignSelf="start">
                <RouterLink to={topic.to}>{t('guide.open')}</RouterLink>
              </Button>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
