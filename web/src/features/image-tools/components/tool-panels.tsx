import { Button, Checkbox, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Edit } from '@/types/api.gen';
import { MAX_SIDE, type Size, keepRatio, resizeAllowed } from '../lib/steps';

interface PanelProps {
  size: Size;
  onApply: (edit: Edit) => void;
}

export function RotatePanel({ onApply }: PanelProps) {
  const { t } = useTranslation();
  return (
    <HStack gap="2">
      {([90, 180, 270] as const).map((degrees) => (
        <Button key={degrees} variant="outline" onClick={() => onApply({ rotate: degrees })} data-testid={`rotate-${degrees}`}>
          {t('imageTools.rotate.by', { degrees })}
        </Button>
      ))}
    </HStack>
  );
}

export function ResizePanel({ size, onApply }: PanelProps) {
  const { t } = useTranslation();
  const [width, setWidth] = useState(String(size.width));
  const [height, setHeight] = useState(String(size.height));
  const [ratio, setRatio] = useState(true);
  const next = { width: Number(width), height: Number(height) };
  const ok = resizeAllowed(next);
  function changeWidth(value: string) {
    setWidth(value);
    if (ratio && Number(value) > 0) setHeight(String(keepRatio(size, Number(value))));
  }
  return (
    <Stack gap="3">
      <HStack gap="2" alignItems="flex-end">
        <Field.Root width="28" invalid={!ok}>
          <Field.Label>{t('imageTools.resize.width')}</Field.Label>
          <Input type="number" min={1} value={width} onChange={(e) => changeWidth(e.target.value)} data-testid="resize-width" />
        </Field.Root>
        <Field.Root width="28" invalid={!ok}>
          <Field.Label>{t('imageTools.resize.height')}</Field.Label>
          <Input
            type="number"
            min={1}
            value={height}
            onChange={(e) => setHeight(e.target.value)}
            disabled={ratio}
            data-testid="resize-height"
          />
        </Field.Root>
        <Button colorPalette="teal" variant="outline" disabled={!ok} onClick={() => onApply({ resize: next })} data-testid="resize-apply">
          {t('imageTools.apply')}
        </Button>
      </HStack>
      <Checkbox.Root checked={ratio} onCheckedChange={(e) => setRatio(!!e.checked)}>
        <Checkbox.HiddenInput data-testid="resize-ratio" />
        <Checkbox.Control />
        <Checkbox.Label>{t('imageTools.resize.keepRatio')}</Checkbox.Label>
      </Checkbox.Root>
      {ok ? null : (
        <Text fontSize="sm" color="red.600" data-testid="resize-limit">
          {t('imageTools.resize.limit', { side: MAX_SIDE })}
        </Text>
      )}
    </Stack>
  );
}

export function CompressPanel({ onApply }: PanelProps) {
  const { t } = useTranslation();
  const [quality, setQuality] = useState('80');
  const q = Number(quality);
  const ok = Number.isInteger(q) && q >= 1 && q <= 100;
  return (
    <Stack gap="2">
      <HStack gap="2" alignItems="flex-end">
        <Field.Root width="36" invalid={!ok}>
          <Field.Label>{t('imageTools.compress.quality')}</Field.Label>
          <Input
            type="number"
            min={1}
            max={100}
            value={quality}
            onChange={(e) => setQuality(e.target.value)}
            data-testid="compress-quality"
          />
        </Field.Root>
        <Button
          colorPalette="teal"
          variant="outline"
          disabled={!ok}
          onClick={() => onApply({ compress: { quality: q } })}
          data-testid="compress-apply"
        >
          {t('imageTools.apply')}
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t('imageTools.compress.note')}
      </Text>
    </Stack>
  );
}

const FORMATS = ['jpeg', 'png', 'webp'] as const;

export function ConvertPanel({ onApply }: PanelProps) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<(typeof FORMATS)[number]>('jpeg');
  return (
    <HStack gap="2" alignItems="flex-end">
      <Field.Root width="36">
        <Field.Label>{t('imageTools.convert.format')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={format}
            onChange={(e) => setFormat(e.target.value as (typeof FORMATS)[number])}
            data-testid="convert-format"
          >
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`imageTools.convert.formats.${f}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Button colorPalette="teal" variant="outline" onClick={() => onApply({ convert: { format } })} data-testid="convert-apply">
        {t('imageTools.apply')}
      </Button>
    </HStack>
  );
}
