import { Switch, Text } from '@chakra-ui/react';

interface LabelledSwitchProps {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  /** A line under the label: what turning it on does. */
  help?: string;
  disabled?: boolean;
  testId: string;
}

/** An on/off setting: the switch, its label and, under it, what it does. */
export function LabelledSwitch({ checked, onChange, label, help, disabled, testId }: LabelledSwitchProps) {
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked)}
      colorPalette="teal"
      data-testid={testId}
    >
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>
        <Text as="span" display="block" fontWeight="medium">
          {label}
        </Text>
        {help ? (
          <Text as="span" display="block" fontSize="xs" color="fg.muted" fontWeight="normal">
            {help}
          </Text>
        ) : null}
      </Switch.Label>
    </Switch.Root>
  );
}
