import { HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/icons';
import type { ImportedProduct } from '@/types/products';
import { canRemoveOptionValue, removeOptionValue, renameOption, renameOptionValue } from '../lib/editor';

/** A name typed freely and applied on blur or Enter (a refused name goes back to the current one). */
function CommitInput({ value, onCommit, testId, label }: { value: string; onCommit: (next: string) => void; testId: string; label: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text.trim() && text.trim() !== value) onCommit(text);
    setText(value);
  };
  return (
    <Input
      size="sm"
      value={text}
      aria-label={label}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
      data-testid={testId}
    />
  );
}

/** Option names and values: rename either (also in every variant), remove a value (and its variants). */
export function EditorOptions({ product, onChange }: { product: ImportedProduct; onChange: (p: ImportedProduct) => void }) {
  const { t } = useTranslation();
  if (product.options.length === 0) return <Text color="fg.muted">{t('importList.editor.noOptions')}</Text>;
  return (
    <Stack gap="5" data-testid="editor-options">
      {product.options.map((option, i) => (
        <Stack key={i} gap="2">
          <CommitInput value={option.name} onCommit={(name) => onChange(renameOption(product, i, name))} testId={`option-name-${i}`} label={t('importList.editor.optionName')} />
          <HStack gap="2" wrap="wrap" ps="3">
            {option.values.map((value, j) => (
              <HStack key={`${j}-${value}`} gap="1" w={{ base: 'full', sm: '48' }}>
                <CommitInput value={value} onCommit={(next) => onChange(renameOptionValue(product, i, j, next))} testId={`option-value-${i}-${j}`} label={t('importList.editor.optionValue', { name: option.name })} />
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('importList.editor.removeValue', { value })}
                  disabled={!canRemoveOptionValue(product, i, j)}
                  onClick={() => onChange(removeOptionValue(product, i, j))}
                  data-testid={`option-value-remove-${i}-${j}`}
                >
                  <CloseIcon />
                </IconButton>
              </HStack>
            ))}
          </HStack>
        </Stack>
      ))}
      <Text fontSize="xs" color="fg.muted">
        {t('importList.editor.optionsHelp')}
      </Text>
    </Stack>
  );
}
