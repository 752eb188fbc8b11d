import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportIcon } from '@/components/icons';
import { uploadImage } from '../api/gallery';
import { ACCEPT, MAX_MB, isFull } from '../lib/rules';
import { useUploads } from '../lib/use-uploads';
import { UploadStatus } from './upload-status';
import { UrlPopover } from './url-popover';

/**
 * The uploader: a drop zone with a file input (jpg, jpeg, png, svg, heic, webp; HEIC converted
 * to JPEG first), the add-from-URL popover, and the status card. Disabled once the library
 * holds 250 images; files beyond the room left are dropped.
 */
export function Uploader({ inLibrary, onUploaded }: { inLibrary: number; onUploaded: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const { rows, dropped, addFiles, addLink, clear } = useUploads(uploadImage, inLibrary, onUploaded);
  const full = isFull(inLibrary);

  function drop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    if (!full) addFiles([...e.dataTransfer.files]);
  }

  return (
    <Stack gap="3">
      <Box
        borderWidth="2px"
        borderStyle="dashed"
        borderRadius="lg"
        borderColor={over ? 'teal.500' : 'border'}
        bg={over ? 'teal.subtle' : undefined}
        p="4"
        opacity={full ? 0.5 : 1}
        aria-disabled={full}
        data-testid="gallery-drop-zone"
        data-disabled={full}
        onDragOver={(e) => {
          e.preventDefault();
          if (!full) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Stack gap="0.5">
            <Text fontWeight="medium">{full ? t('gallery.upload.full', { max: 250 }) : t('gallery.upload.drop')}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t('gallery.upload.rules', { size: MAX_MB })}
            </Text>
          </Stack>
          <HStack gap="2">
            <Button size="sm" colorPalette="teal" disabled={full} onClick={() => input.current?.click()} data-testid="gallery-choose">
              <ImportIcon />
              {t('gallery.upload.choose')}
            </Button>
            <UrlPopover onAdd={addLink} disabled={full} />
          </HStack>
        </HStack>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          disabled={full}
          data-testid="gallery-file-input"
          onChange={(e) => {
            addFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </Box>
      <UploadStatus rows={rows} dropped={dropped} onClear={clear} />
    </Stack>
  );
}
