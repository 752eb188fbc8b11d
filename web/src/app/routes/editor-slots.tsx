/**
 * What the app composes into both product editors (the import list's and the product center's):
 * AI writing above the fields and the image library in the images card, whose picker edits a
 * chosen image with the image tools. The features stay apart; the app joins them here.
 */
import { AiWritePanel } from '@/features/ai-writing';
import { type ImageEditSlot, ProductImageTools } from '@/features/gallery';
import { ImageToolsDialog } from '@/features/image-tools';
import type { EditorAssist, EditorImageTools } from '@/features/import-list';

export const aiAssist: EditorAssist = (id, apply) => <AiWritePanel productId={id} onApply={apply} />;

const imageTools: ImageEditSlot = ({ image, onClose, onSaved }) => (
  <ImageToolsDialog open image={image} onClose={onClose} onSaved={onSaved} />
);

export const libraryImages: EditorImageTools = (product, edit) => (
  <ProductImageTools
    productId={product.id}
    images={product.images.map((img) => img.url)}
    thumbnail={product.thumbnail ?? null}
    onAdd={edit.add}
    onRemove={edit.remove}
    edit={imageTools}
  />
);
