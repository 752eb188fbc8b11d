import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BriefcaseIcon } from '@/components/icons';
import { SwitcherMenu } from '@/components/ui/switcher-menu';
import type { Workplace } from '@/types/api';

interface WorkplaceSelectorProps {
  workplaces: readonly Workplace[];
  current: Workplace | undefined;
  onSelect: (id: string) => void;
  compact?: boolean;
}

/** Workplace switcher at the top of the side navigation: choosing one goes to home. */
export function WorkplaceSelector({ workplaces, current, onSelect, compact = false }: WorkplaceSelectorProps) {
  const { t } = useTranslation();
  if (workplaces.length === 0) return null;
  return (
    <SwitcherMenu
      testId="workplace"
      label={t('workplace.label')}
      icon={<BriefcaseIcon color="teal.600" />}
      caption={
        compact ? null : (
          <Text fontSize="2xs" color="fg.muted" lineHeight="1.2">
            {t('workplace.label')}
          </Text>
        )
      }
      name={current?.name ?? t('workplace.none')}
      nameWeight="semibold"
      items={workplaces}
      currentId={current?.id}
      groupLabel={t('workplace.switch')}
      onSelect={onSelect}
      compact={compact}
      size={compact ? 'sm' : 'md'}
      maxW={compact ? '40' : undefined}
      menuMinW="56"
      renderItem={(w) => (
        <>
          <Box flex="1" truncate>
            {w.name}
          </Box>
          <Text as="span" fontSize="xs" color="fg.muted">
            {w.currency || 'USD'}
          </Text>
        </>
      )}
    />
  );
}
