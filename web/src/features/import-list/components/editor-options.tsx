import { HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/icons';
import type { ImportedProduct } from '@/types/products';
import { canRemoveOptionValue, optionChange, removeOptionValue, renameOption, renameOptionValue } from '../lib/editor';

/** A name typed freely and applied on blur or Enter (a refused name goes back to the current one). */
function CommitInput({
  value,
  onCommit,
  testId,
  label,
  readOnly = false,
}: {
  value: string;
  onCommit: (next: string) => void;
  testId: string;
  label: string;
  readOnly?: boolean;
}) {
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
      readOnly={readOnly}
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

interface OptionsProps {
  product: ImportedProduct;
  /** The product as last saved (the API takes renames or removals of an option's values, not both at once). */
  saved: ImportedProduct;
  onChange: (p: ImportedProduct) => void;
}

function OptionEditor({ product, saved, onChange, index }: OptionsProps & { index: number }) {
  const { t } = useTranslation();
  const option = product.options[index];
  const change = optionChange(saved, product, index);
  return (
    <Stack gap="2" data-change={change}>
      <CommitInput
        value={option.name}
        onCommit={(name) => onChange(renameOption(product, index, name))}
        testId={`option-name-${index}`}
        label={t('importList.editor.optionName')}
      />
      <HStack gap="2" wrap="wrap" ps="3">
        {option.values.map((value, j) => (
          <HStack key={`${j}-${value}`} gap="1" w={{ base: 'full', sm: '48' }}>
            <CommitInput
              value={value}
              readOnly={change === 'removed'}
              onCommit={(next) => onChange(renameOptionValue(product, index, j, next))}
              testId={`option-value-${index}-${j}`}
              label={t('importList.editor.optionValue', { name: option.name })}
            />
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={t('importList.editor.removeValue', { value })}
              disabled={change === 'renamed' || !canRemoveOptionValue(product, index, j)}
              onClick={() => onChange(removeOptionValue(product, index, j))}
              data-testid={`option-value-remove-${index}-${j}`}
            >
              <CloseIcon />
            </IconButton>
          </HStack>
        ))}
      </HStack>
      {change !== 'none' ? (
        <Text fontSize="xs" color="fg.muted" ps="3" data-testid={`option-save-first-${index}`}>
          {t('importList.editor.saveFirst')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Option names and values: rename either (also in every variant), remove a value (and its variants). */
export function EditorOptions(props: OptionsProps) {
  const { t } = useTranslation();
  if (props.product.options.length === 0) return <Text color="fg.muted">{t('importList.editor.noOptions')}</Text>;
  return (
    <Stack gap="5" data-testid="editor-options">
      {props.product.options.map((_, i) => (
        <OptionEditor key={i} {...props} index={i} />
      ))}
      <Text fontSize="xs" color="fg.muted">
        {t('importList.editor.optionsHelp')}
      </Text>
    </Stack>
  );
}
