import { Button, CloseButton, Dialog, Drawer, HStack, Portal, Stack, Tabs } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api';
import { env } from '@/lib/env';
import { notify } from '@/lib/toaster';
import { useIsMobile } from '@/lib/use-media-query';
import type { Image } from '@/types/api.gen';
import { deleteImage, useGallery, useImageOrigins } from '../api/gallery';
import { absoluteUrl } from '../lib/rules';
import { ImageGrid } from './image-grid';
import { ImageSlider } from './image-slider';
import { Uploader } from './uploader';

export interface ImagePickerProps {
  open: boolean;
  onClose: () => void;
  /** Gets the chosen images' addresses (whole addresses a store can fetch). */
  onDone: (urls: string[]) => void;
  /** The imported product whose supplier images the Product tab offers; no Product tab without it. */
  productId?: string;
  /** One image or several (the default). */
  multiple?: boolean;
  /** The image tools the app composes in: edit the one chosen library image into a new one. */
  edit?: ImageEditSlot;
}

/** Renders an editor for `image`; `onSaved` gets the new library image the edits made. */
export type ImageEditSlot = (props: { image: Image; onClose: () => void; onSaved: (made: Image) => void }) => ReactNode;

const libraryUrl = (path: string) => absoluteUrl(path, env.apiBase, window.location.href);

/** Spec section 2: "Select Image", a modal on desktop and a drawer on a phone, with a Galleries tab and a Product tab. */
export function ImagePicker({ open, onClose, onDone, productId, multiple = true, edit }: ImagePickerProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [tab, setTab] = useState('galleries');
  const [selected, setSelected] = useState<string[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<Image | null>(null);
  const gallery = useGallery(open);
  const origins = useImageOrigins(open && productId ? productId : null);

  const toggle = (url: string) => setSelected((s) => (s.includes(url) ? s.filter((u) => u !== url) : multiple ? [...s, url] : [url]));
  const close = () => {
    setSelected([]);
    onClose();
  };
  const done = () => {
    onDone(selected);
    close();
  };
  const library = gallery.items.map((img) => ({ url: libraryUrl(img.image_url), preview: img.thumbnail_url, name: img.name, id: img.id }));
  const chosen =
    tab === 'galleries' && selected.length === 1 ? gallery.items.find((img) => libraryUrl(img.image_url) === selected[0]) : undefined;
  // An edit keeps the original: the new image joins the library and is chosen instead.
  const edited = (made: Image) => {
    setEditing(null);
    setSelected(multiple ? [...selected.filter((u) => u !== selected[0]), libraryUrl(made.image_url)] : [libraryUrl(made.image_url)]);
    void gallery.refresh();
  };

  async function remove(url: string) {
    const img = library.find((i) => i.url === url);
    if (!img) return;
    const res = await deleteImage(img.id);
    if (!res.success) return notify('error', messageOf(res) || t('gallery.deleteFailed'));
    setSelected((s) => s.filter((u) => u !== url));
    setViewing(null);
    void gallery.refresh();
  }

  const body = (
    <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line">
      <Tabs.List>
        <Tabs.Trigger value="galleries" data-testid="picker-tab-galleries">
          {t('gallery.picker.galleries')}
        </Tabs.Trigger>
        {productId ? (
          <Tabs.Trigger value="product" data-testid="picker-tab-product">
            {t('gallery.picker.product')}
          </Tabs.Trigger>
        ) : null}
      </Tabs.List>
      <Tabs.Content value="galleries">
        <Stack gap="3">
          <Uploader inLibrary={gallery.total} onUploaded={() => void gallery.refresh()} />
          <ImageGrid
            images={library}
            selected={selected}
            onToggle={toggle}
            onOpen={setViewing}
            onNearEnd={gallery.loadMore}
            loading={gallery.loadingMore}
            empty={t('gallery.picker.emptyLibrary')}
            testId="picker-library"
          />
        </Stack>
      </Tabs.Content>
      {productId ? (
        <Tabs.Content value="product">
          <ImageGrid
            images={(origins.data?.images ?? []).map((url) => ({ url, preview: url }))}
            selected={selected}
            onToggle={toggle}
            loading={origins.isLoading}
            empty={t('gallery.picker.emptyProduct')}
            testId="picker-product"
          />
        </Tabs.Content>
      ) : null}
    </Tabs.Root>
  );
  const footer = (
    <HStack justify="space-between" w="full">
      <HStack gap="1">
        <Button
          variant="ghost"
          size="sm"
          disabled={tab !== 'galleries' || library.length === 0}
          onClick={() => setViewing(0)}
          data-testid="picker-view"
        >
          {t('gallery.picker.view')}
        </Button>
        {edit ? (
          <Button variant="ghost" size="sm" disabled={!chosen} onClick={() => setEditing(chosen ?? null)} data-testid="picker-edit">
            {t('gallery.picker.edit')}
          </Button>
        ) : null}
      </HStack>
      <HStack gap="2">
        <Button variant="outline" onClick={close}>
          {t('common.cancel')}
        </Button>
        <Button colorPalette="teal" disabled={selected.length === 0} onClick={done} data-testid="picker-done">
          {selected.length > 1 ? t('gallery.picker.doneCount', { count: selected.length }) : t('gallery.picker.done')}
        </Button>
      </HStack>
    </HStack>
  );
  const slider =
    viewing !== null ? (
      <ImageSlider
        images={library.map((i) => i.url)}
        index={viewing}
        onIndex={setViewing}
        onClose={() => setViewing(null)}
        onRemove={(url) => void remove(url)}
        removeLabel={t('gallery.deleteFromLibrary')}
      />
    ) : null;

  return (
    <>
      <Frame mobile={mobile} open={open} onClose={close} title={t('gallery.picker.title')} footer={footer}>
        {body}
      </Frame>
      {slider}
      {edit && editing ? edit({ image: editing, onClose: () => setEditing(null), onSaved: edited }) : null}
    </>
  );
}

/** The picker's frame: a bottom drawer on a phone, a centred dialog elsewhere. */
function Frame({
  mobile,
  open,
  onClose,
  title,
  footer,
  children,
}: {
  mobile: boolean;
  open: boolean;
  onClose: () => void;
  title: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const onOpenChange = (e: { open: boolean }) => (e.open ? undefined : onClose());
  if (mobile) {
    return (
      <Drawer.Root open={open} onOpenChange={onOpenChange} placement="bottom">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content roundedTop="l3" maxH="92vh" data-testid="image-picker" data-variant="drawer">
              <Drawer.Header>
                <Drawer.Title>{title}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>{children}</Drawer.Body>
              <Drawer.Footer>{footer}</Drawer.Footer>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common.close')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} size="xl" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="image-picker" data-variant="dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
