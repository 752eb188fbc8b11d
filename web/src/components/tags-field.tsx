import { HStack, Input, Stack, Tag } from '@chakra-ui/react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface TagsFieldProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  testId?: string;
}

/** Free-text tags: Enter or a comma adds one, the close button removes it. */
export function TagsField({ value, onChange, placeholder, testId = 'tags' }: TagsFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  function add(raw: string) {
    const parts = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const next = [...value];
    for (const part of parts) if (!next.some((x) => x.toLowerCase() === part.toLowerCase())) next.push(part);
    if (next.length !== value.length) onChange(next);
    setText('');
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && !text && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }
  return (
    <Stack gap="2" data-testid={testId}>
      {value.length > 0 ? (
        <HStack gap="1.5" wrap="wrap">
          {value.map((tag) => (
            <Tag.Root key={tag} size="md" colorPalette="teal" data-testid={`${testId}-item`}>
              <Tag.Label>{tag}</Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger aria-label={t('common.remove', { name: tag })} onClick={() => onChange(value.filter((x) => x !== tag))} />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </HStack>
      ) : null}
      <Input
        size="sm"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => text.trim() && add(text)}
        placeholder={placeholder}
        data-testid={`${testId}-input`}
      />
    </Stack>
  );
}
