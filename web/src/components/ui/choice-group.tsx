import { HStack, RadioGroup, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface ChoiceGroupProps<T extends string> {
  value: T;
  onChange: (value: T) => void;
  choices: readonly T[];
  /** What a choice says. */
  label: (choice: T) => ReactNode;
  /** `<testId>-<choice>` is each choice. */
  testId: string;
  /** Side by side (two short choices), or one under the other. */
  direction?: 'row' | 'column';
}

/** One of a few choices, as radio buttons (how to pay, why to cancel). */
export function ChoiceGroup<T extends string>({ value, onChange, choices, label, testId, direction = 'column' }: ChoiceGroupProps<T>) {
  const Layout = direction === 'row' ? HStack : Stack;
  return (
    <RadioGroup.Root value={value} onValueChange={(e) => onChange(e.value as T)} colorPalette="teal">
      <Layout gap={direction === 'row' ? '4' : '2'}>
        {choices.map((choice) => (
          <RadioGroup.Item key={choice} value={choice} data-testid={`${testId}-${choice}`}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{label(choice)}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Layout>
    </RadioGroup.Root>
  );
}
