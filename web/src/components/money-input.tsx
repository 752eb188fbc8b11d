import { Input, type InputProps } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

/** Text of an amount (empty for null). */
const show = (value: number | null) => (value === null || Number.isNaN(value) ? '' : String(value));

/** Parses typed text: null when empty, NaN when not a number. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  return /^-?\d*\.?\d*$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

interface MoneyInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value: number | null;
  onChange: (value: number | null) => void;
}

/** An amount field that keeps what is typed ("12.", "") while reporting the parsed number. */
export function MoneyInput({ value, onChange, ...rest }: MoneyInputProps) {
  const [text, setText] = useState(show(value));
  useEffect(() => {
    setText((current) => {
      const parsed = parseAmount(current);
      return parsed === value || (Number.isNaN(parsed ?? 0) && Number.isNaN(value ?? 0)) ? current : show(value);
    });
  }, [value]);
  return (
    <Input
      inputMode="decimal"
      dir="ltr"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseAmount(e.target.value));
      }}
      {...rest}
    />
  );
}
