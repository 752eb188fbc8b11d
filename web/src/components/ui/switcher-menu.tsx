import { Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ChevronDownIcon } from '@/components/icons';

interface SwitcherMenuProps<T extends { id: string }> {
  /** `<testId>-selector` is the button, `<testId>-menu` the menu, `<testId>-option-<id>` each choice. */
  testId: string;
  /** The button's accessible name. */
  label: string;
  /** Shown in the button before the current choice's name. */
  icon: ReactNode;
  /** A small caption above the name (the side navigation's "Workplace"). */
  caption?: ReactNode;
  /** The current choice's name, or what to say when there is none. */
  name: string;
  nameWeight?: 'medium' | 'semibold';
  items: readonly T[];
  currentId: string | undefined;
  /** The heading of the choices. */
  groupLabel: string;
  /** What a choice shows; the current one is drawn bold. */
  renderItem: (item: T) => ReactNode;
  onSelect: (value: string) => void;
  /** Items after a separator below the choices (Manage stores). */
  footer?: ReactNode;
  /** In the top bar: as wide as its content; in the side navigation: the full width, like its menu. */
  compact: boolean;
  size?: 'sm' | 'md';
  maxW?: string;
  menuMinW: string;
}

/** The workplace and store switchers: a button naming the current choice, and a menu of the others. */
export function SwitcherMenu<T extends { id: string }>({
  testId,
  label,
  icon,
  caption,
  name,
  nameWeight = 'medium',
  items,
  currentId,
  groupLabel,
  renderItem,
  onSelect,
  footer,
  compact,
  size = 'sm',
  maxW,
  menuMinW,
}: SwitcherMenuProps<T>) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-start', sameWidth: !compact }} onSelect={(d) => onSelect(d.value)}>
      <Menu.Trigger asChild>
        <Button
          variant="outline"
          size={size}
          w={compact ? 'auto' : 'full'}
          maxW={maxW}
          justifyContent="space-between"
          data-testid={`${testId}-selector`}
          data-current={currentId}
          aria-label={label}
        >
          {icon}
          <Box flex="1" textAlign="start" minW="0">
            {caption}
            <Text fontSize="sm" fontWeight={nameWeight} truncate lineHeight="1.3">
              {name}
            </Text>
          </Box>
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid={`${testId}-menu`} minW={menuMinW}>
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{groupLabel}</Menu.ItemGroupLabel>
              {items.map((item) => (
                <Menu.Item
                  key={item.id}
                  value={item.id}
                  data-testid={`${testId}-option-${item.id}`}
                  fontWeight={item.id === currentId ? 'semibold' : 'normal'}
                >
                  {renderItem(item)}
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
            {footer ? (
              <>
                <Menu.Separator />
                {footer}
              </>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
