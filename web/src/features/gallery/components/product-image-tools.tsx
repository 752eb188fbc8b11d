import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '@/components/icons';
import { type ImageEditSlot, ImagePicker } from './image-picker';
import { ImageSlider } from './image-slider';

interface ProductImageToolsProps {
  productId: string;
  /** The product's image addresses, in order. */
  images: readonly string[];
  thumbnail: string | null;
  onAdd: (urls: string[]) => void;
  onRemove: (url: string) => void;
  edit?: ImageEditSlot;
}

/**
 * The product editor's image actions: add images from the library or the supplier's originals
 * (the picker), and look through the product's own images full screen, removing any.
 */
export function ProductImageTools({ productId, images, thumbnail, onAdd, onRemove, edit }: ProductImageToolsProps) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <HStack gap="2" wrap="wrap">
      <Button size="sm" variant="outline" onClick={() => setPicking(true)} data-testid="editor-add-images">
        <PlusIcon />
        {t('gallery.addImages')}
      </Button>
      <Button size="sm" variant="ghost" disabled={images.length === 0} onClick={() => setViewing(0)} data-testid="editor-view-images">
        {t('gallery.viewImages')}
      </Button>
      <ImagePicker open={picking} onClose={() => setPicking(false)} onDone={onAdd} productId={productId} edit={edit} />
      {viewing !== null && images.length > 0 ? (
        <ImageSlider
          images={images}
          index={viewing}
          onIndex={setViewing}
          onClose={() => setViewing(null)}
          main={thumbnail}
          onRemove={(url) => {
            onRemove(url);
            if (images.length <= 1) setViewing(null);
            else setViewing(Math.min(viewing, images.length - 2));
          }}
        />
      ) : null}
    </HStack>
  );
}
