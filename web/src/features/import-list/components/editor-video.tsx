import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ImportedProduct } from '@/types/products';

/** The supplier's video: shown as it will go to the store, and removable (the push then sends none). */
export function EditorVideo({ product, onChange }: { product: ImportedProduct; onChange: (p: ImportedProduct) => void }) {
  const { t } = useTranslation();
  const video = product.video_url ?? null;
  if (!video) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="editor-no-video">
        {t('importList.editor.noVideo')}
      </Text>
    );
  }
  const poster = product.thumbnail ?? undefined;
  return (
    <Stack gap="3" data-testid="editor-video">
      <video
        src={video}
        poster={poster}
        controls
        muted
        playsInline
        preload="metadata"
        style={{ width: '100%', maxWidth: '28rem', borderRadius: '0.5rem', background: 'black' }}
      />
      <Text fontSize="sm" color="fg.muted">
        {t('importList.editor.videoHelp')}
      </Text>
      <HStack>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={() => onChange({ ...product, video_url: null })}
          data-testid="editor-remove-video"
        >
          {t('importList.editor.removeVideo')}
        </Button>
      </HStack>
    </Stack>
  );
}
