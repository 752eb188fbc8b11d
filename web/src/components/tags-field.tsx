import { Button, HStack, Input, Stack, Tag, Text } from '@chakra-ui/react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TagsFieldProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  testId?: string;
  /** Names to choose from (the store's own), offered below the field while they match what is typed. */
  suggestions?: readonly string[];
  /** The heading of the suggestions. */
  suggestionsLabel?: string;
}

/** How many suggestions show at once; typing narrows them. */
const SHOWN_SUGGESTIONS = 12;

/** Free-text tags: Enter or a comma adds one, the close button removes it; a suggestion adds itself. */
export function TagsField({ value, onChange, placeholder, testId = 'tags', suggestions = [], suggestionsLabel }: TagsFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  function add(raw: string) {
    addNames(raw.split(','));
  }
  // A chosen suggestion is one name even when it holds a comma (a store's "Shoes, bags").
  function addNames(names: readonly string[]) {
    const parts = names.map((s) => s.trim()).filter(Boolean);
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
  const typed = text.trim().toLowerCase();
  const chosen = new Set(value.map((x) => x.toLowerCase()));
  const offered = suggestions.filter((s) => !chosen.has(s.toLowerCase()) && s.toLowerCase().includes(typed)).slice(0, SHOWN_SUGGESTIONS);
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
      {offered.length > 0 ? (
        <Stack gap="1" data-testid={`${testId}-suggestions`}>
          {suggestionsLabel ? (
            <Text textStyle="xs" color="fg.muted">
              {suggestionsLabel}
            </Text>
          ) : null}
          <HStack gap="1.5" wrap="wrap">
            {offered.map((name) => (
              <Button
                key={name}
                size="2xs"
                variant="outline"
                // Keeps the field's blur (which adds the typed text) from firing before the click.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => addNames([name])}
                aria-label={t('common.addNamed', { name })}
              >
                + {name}
              </Button>
            ))}
          </HStack>
        </Stack>
      ) : null}
    </Stack>
  );
}
