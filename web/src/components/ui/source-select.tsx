import { Field, NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import { PRODUCT_SOURCES, sourceName } from '@/lib/sources';

interface SourceSelectProps {
  label: string;
  value: string;
  onChange: (source: string) => void;
  /** The sources to offer; every supplier source by default. */
  options?: readonly string[];
  error?: string;
  testId: string;
  w?: ComponentProps<typeof Field.Root>['w'];
}

/** A labelled select of supplier sources (AliExpress, CJ, ...), by their display names. */
export function SourceSelect({ label, value, onChange, options = PRODUCT_SOURCES, error, testId, w }: SourceSelectProps) {
  return (
    <Field.Root invalid={Boolean(error)} w={w}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
          {options.map((s) => (
            <option key={s} value={s}>
              {sourceName(s)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
