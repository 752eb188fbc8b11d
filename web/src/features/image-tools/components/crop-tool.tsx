import { Box, Field, HStack, Image as Picture, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CROP_AUTO_APPLY_MS, type CropBox, type Size, clampCrop } from '../lib/steps';

interface CropToolProps {
  /** The picture as the edits before this crop left it. */
  size: Size;
  /** The original's address: shown under the box while no earlier edit changed the picture. */
  imageUrl: string | null;
  /** The crop last applied in this session, to start from. */
  applied: CropBox | null;
  onApply: (box: CropBox) => void;
}

const FIELDS = ['x', 'y', 'width', 'height'] as const;

/**
 * A crop box over the picture, set by its four numbers. Applied automatically once it has not
 * changed for `CROP_AUTO_APPLY_MS` (the spec's crop rule): no Apply button to forget.
 */
export function CropTool({ size, imageUrl, applied, onApply }: CropToolProps) {
  const { t } = useTranslation();
  const [box, setBox] = useState<CropBox>(applied ?? { x: 0, y: 0, width: size.width, height: size.height });
  const [touched, setTouched] = useState(false);
  const latest = useRef(onApply);
  useEffect(() => {
    latest.current = onApply;
  });

  // Each change restarts the wait; only a box left alone for the whole delay is applied.
  useEffect(() => {
    if (!touched) return undefined;
    const timer = setTimeout(() => latest.current(clampCrop(box, size)), CROP_AUTO_APPLY_MS);
    return () => clearTimeout(timer);
  }, [box, size, touched]);

  function change(field: (typeof FIELDS)[number], value: string) {
    setTouched(true);
    setBox((b) => ({ ...b, [field]: Number(value) }));
  }

  const shown = clampCrop(box, size);
  const pct = (n: number, of: number) => `${(n / of) * 100}%`;
  return (
    <Stack gap="3">
      <Box
        position="relative"
        width="100%"
        maxW="420px"
        style={{ aspectRatio: `${size.width} / ${size.height}` }}
        bg="bg.muted"
        overflow="hidden"
      >
        {imageUrl ? <Picture src={imageUrl} alt="" width="100%" height="100%" objectFit="fill" /> : null}
        <Box
          data-testid="crop-box"
          position="absolute"
          borderWidth="2px"
          borderColor="teal.500"
          boxShadow="0 0 0 9999px rgba(0, 0, 0, 0.45)"
          left={pct(shown.x, size.width)}
          top={pct(shown.y, size.height)}
          width={pct(shown.width, size.width)}
          height={pct(shown.height, size.height)}
        />
      </Box>
      <HStack gap="2" flexWrap="wrap">
        {FIELDS.map((field) => (
          <Field.Root key={field} width="24">
            <Field.Label>{t(`imageTools.crop.${field}`)}</Field.Label>
            <Input
              type="number"
              min={0}
              value={String(box[field])}
              onChange={(e) => change(field, e.target.value)}
              data-testid={`crop-${field}`}
            />
          </Field.Root>
        ))}
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t('imageTools.crop.hint')}
      </Text>
    </Stack>
  );
}
