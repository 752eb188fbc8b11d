import { Field, NativeSelect } from '@chakra-ui/react';

export interface OptionSelectProps {
  label: string;
  value: string;
  /** `[value, shown text]` pairs. */
  options: readonly (readonly [string, string])[];
  onChange: (v: string) => void;
  testId: string;
  /** Compact, without the visible label (the editor's panel); the label still names it. */
  compact?: boolean;
}

/** A style, tone or language choice: labelled on the settings page, compact in the editor. */
export function OptionSelect({ label, value, options, onChange, testId, compact = false }: OptionSelectProps) {
  const select = (
    <NativeSelect.Root size={compact ? 'xs' : 'sm'} maxW={compact ? '48' : undefined}>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} data-testid={testId}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  if (compact) return select;
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      {select}
    </Field.Root>
  );
}
