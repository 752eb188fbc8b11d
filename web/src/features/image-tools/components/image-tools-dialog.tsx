import { Badge, Box, Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/error-alert';
import { messageOf } from '@/lib/api';
import type { Edit, Image } from '@/types/api.gen';
import { saveEdits } from '../api/image-tools';
import { type CropBox, sizeAfter } from '../lib/steps';
import { CropTool } from './crop-tool';
import { CompressPanel, ConvertPanel, ResizePanel, RotatePanel } from './tool-panels';

export interface ImageToolsDialogProps {
  open: boolean;
  image: Pick<Image, 'id' | 'image_url' | 'width' | 'height'>;
  onClose: () => void;
  /** The new library image the edits made (the original is unchanged). */
  onSaved: (image: Image) => void;
}

const TOOLS = ['crop', 'rotate', 'resize', 'compress', 'convert'] as const;
type Tool = (typeof TOOLS)[number];

/** How a queued edit reads in the list. */
function describe(t: (key: string, values?: Record<string, unknown>) => string, step: Edit) {
  if ('crop' in step) return t('imageTools.step.crop', { ...step.crop });
  if ('rotate' in step) return t('imageTools.step.rotate', { degrees: step.rotate });
  if ('resize' in step) return t('imageTools.step.resize', { ...step.resize });
  if ('compress' in step) return t('imageTools.step.compress', { quality: step.compress.quality });
  return t('imageTools.step.convert', { format: t(`imageTools.convert.formats.${step.convert.format}`) });
}

/**
 * Crop, rotate, resize, compress and convert a library image. Edits queue up in order (each
 * tool works on the picture as the earlier ones leave it) and Save sends them at once; the
 * server keeps the result as a new image. The crop box applies itself after a second without
 * change, and adjusting it again replaces that crop rather than adding another.
 */
export function ImageToolsDialog({ open, image, onClose, onSaved }: ImageToolsDialogProps) {
  const { t } = useTranslation();
  const [tool, setTool] = useState<Tool>('crop');
  const [steps, setSteps] = useState<Edit[]>([]);
  // The last step is the crop box's own while the crop tool stays open.
  const [cropping, setCropping] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = { width: image.width, height: image.height };
  const before = cropping ? steps.slice(0, -1) : steps;
  const size = sizeAfter(start, steps);
  const last = steps.at(-1);
  const appliedCrop: CropBox | null = cropping && last && 'crop' in last ? last.crop : null;

  function add(step: Edit) {
    setError(null);
    setCropping(false);
    setSteps((s) => [...s, step]);
  }
  function applyCrop(box: CropBox) {
    setError(null);
    setSteps((s) => [...(cropping ? s.slice(0, -1) : s), { crop: box }]);
    setCropping(true);
  }
  function choose(next: Tool) {
    setCropping(false);
    setTool(next);
  }
  function undo() {
    setCropping(false);
    setSteps((s) => s.slice(0, -1));
  }
  async function save() {
    setSaving(true);
    setError(null);
    const res = await saveEdits(image.id, steps);
    setSaving(false);
    if (res.success && res.data) {
      setSteps([]);
      setCropping(false);
      onSaved(res.data);
    } else setError(messageOf(res) || t('imageTools.failed'));
  }

  const panel = { size, onApply: add };
  return (
    <Dialog.Root open={open} onOpenChange={(e) => (e.open || saving ? undefined : onClose())} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="image-tools-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('imageTools.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <HStack gap="2" flexWrap="wrap">
                  {TOOLS.map((name) => (
                    <Button
                      key={name}
                      size="sm"
                      variant={tool === name ? 'solid' : 'outline'}
                      onClick={() => choose(name)}
                      data-testid={`tool-${name}`}
                    >
                      {t(`imageTools.tools.${name}`)}
                    </Button>
                  ))}
                  <Badge data-testid="image-tools-size">{t('imageTools.size', { ...size })}</Badge>
                </HStack>
                <Box key={`${tool}-${before.length}`}>
                  {tool === 'crop' ? (
                    <CropTool
                      size={sizeAfter(start, before)}
                      imageUrl={before.length === 0 ? image.image_url : null}
                      applied={appliedCrop}
                      onApply={applyCrop}
                    />
                  ) : null}
                  {tool === 'rotate' ? <RotatePanel {...panel} /> : null}
                  {tool === 'resize' ? <ResizePanel {...panel} /> : null}
                  {tool === 'compress' ? <CompressPanel {...panel} /> : null}
                  {tool === 'convert' ? <ConvertPanel {...panel} /> : null}
                </Box>
                <Stack gap="1">
                  <Text fontWeight="semibold">{t('imageTools.steps')}</Text>
                  {steps.length === 0 ? (
                    <Text color="fg.muted">{t('imageTools.noSteps')}</Text>
                  ) : (
                    <Stack as="ol" gap="1" data-testid="image-tools-steps">
                      {steps.map((step, i) => (
                        <Text as="li" key={i} data-testid="image-tools-step">
                          {describe(t, step)}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Stack>
                {error ? <ErrorAlert message={error} testId="image-tools-error" /> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={undo} disabled={steps.length === 0 || saving} data-testid="image-tools-undo">
                {t('imageTools.undo')}
              </Button>
              <Button variant="outline" onClick={onClose} disabled={saving}>
                {t('common.cancel')}
              </Button>
              <Button
                colorPalette="teal"
                onClick={() => void save()}
                loading={saving}
                loadingText={t('imageTools.saving')}
                disabled={steps.length === 0}
                data-testid="image-tools-save"
              >
                {t('imageTools.save')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} disabled={saving} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
