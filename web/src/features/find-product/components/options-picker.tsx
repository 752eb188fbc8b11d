import { Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { ProductDetail, ProductOptionValue } from '@/types/products';

interface OptionsPickerProps {
  options: ProductDetail['options'];
  chosen: Record<string, string>;
  onChange: (chosen: Record<string, string>) => void;
}

/** The text of an option value (`value`, else `name`). */
export const optionLabel = (v: ProductOptionValue) => v.value ?? v.name ?? '';

/** Option images may be addresses or bare supplier image ids: only addresses are shown. */
const isImageUrl = (src: string | null | undefined): src is string =>
  Boolean(src && /^(https?:)?\/\//.test(src)) || Boolean(src?.startsWith('/'));

/** Option values of a detail; choosing one narrows the variants table (choosing it again clears it). */
export function OptionsPicker({ options, chosen, onChange }: OptionsPickerProps) {
  return (
    <Stack gap="3" data-testid="detail-options">
      {options.map((option) => (
        <Stack key={option.name} gap="1.5">
          <Text fontSize="sm" fontWeight="semibold">
            {option.name}
            {chosen[option.name] ? (
              <Text as="span" fontWeight="normal" color="fg.muted">
                {`: ${chosen[option.name]}`}
              </Text>
            ) : null}
          </Text>
          <HStack gap="1.5" wrap="wrap">
            {option.values.map((v) => {
              const label = optionLabel(v);
              const on = chosen[option.name] === label;
              return (
                <Button
                  key={v.id || label}
                  size="xs"
                  variant={on ? 'solid' : 'outline'}
                  colorPalette={on ? 'teal' : 'gray'}
                  aria-pressed={on}
                  onClick={() => {
                    const next = { ...chosen };
                    if (on) delete next[option.name];
                    else next[option.name] = label;
                    onChange(next);
                  }}
                  data-testid="option-value"
                >
                  {isImageUrl(v.image) ? <Image src={v.image} alt="" boxSize="4" borderRadius="xs" objectFit="cover" /> : null}
                  {label}
                </Button>
              );
            })}
          </HStack>
        </Stack>
      ))}
    </Stack>
  );
}
