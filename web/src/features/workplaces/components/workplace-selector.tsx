import { Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BriefcaseIcon, ChevronDownIcon } from '@/components/icons';
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
    <Menu.Root positioning={{ placement: 'bottom-start', sameWidth: !compact }} onSelect={(d) => onSelect(d.value)}>
      <Menu.Trigger asChild>
        <Button
          variant="outline"
          size={compact ? 'sm' : 'md'}
          w={compact ? 'auto' : 'full'}
          maxW={compact ? '40' : undefined}
          justifyContent="space-between"
          data-testid="workplace-selector"
          aria-label={t('workplace.label')}
        >
          <BriefcaseIcon color="teal.600" />
          <Box flex="1" textAlign="start" minW="0">
            {compact ? null : (
              <Text fontSize="2xs" color="fg.muted" lineHeight="1.2">
                {t('workplace.label')}
              </Text>
            )}
            <Text fontSize="sm" fontWeight="semibold" truncate lineHeight="1.3">
              {current?.name ?? t('workplace.none')}
            </Text>
          </Box>
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid="workplace-menu" minW="56">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('workplace.switch')}</Menu.ItemGroupLabel>
              {workplaces.map((w) => (
                <Menu.Item
                  key={w.id}
                  value={w.id}
                  data-testid={`workplace-option-${w.id}`}
                  fontWeight={w.id === current?.id ? 'semibold' : 'normal'}
                >
                  <Box flex="1" truncate>
                    {w.name}
                  </Box>
                  <Text as="span" fontSize="xs" color="fg.muted">
                    {w.currency || 'USD'}
                  </Text>
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
