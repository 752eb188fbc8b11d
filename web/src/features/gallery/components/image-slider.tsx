import { Badge, Box, Button, CloseButton, Dialog, HStack, IconButton, Image, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, TrashIcon } from '@/components/icons';

interface ImageSliderProps {
  images: readonly string[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** The main image (badged Thumbnail); the first one when absent. */
  main?: string | null;
  /** Removes the shown image; without it there is no remove action. */
  onRemove?: (url: string) => void;
  removeLabel?: string;
}

/** Spec section 2: the full-screen slider with a counter ("3 / 8"), a remove action, a thumbnail strip and a Thumbnail badge. */
export function ImageSlider({ images, index, onIndex, onClose, main, onRemove, removeLabel }: ImageSliderProps) {
  const { t } = useTranslation();
  const count = images.length;
  if (count === 0) return null;
  const at = Math.min(Math.max(index, 0), count - 1);
  const url = images[at];
  const mainUrl = main ?? images[0];
  const go = (step: number) => onIndex((at + step + count) % count);
  // Arrows point the way the pictures move, so they turn with the reading direction.
  const flip = { _rtl: { transform: 'scaleX(-1)' } };

  return (
    <Dialog.Root open size="full" onOpenChange={(e) => (e.open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            bg="gray.950"
            color="white"
            data-testid="image-slider"
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') go(document.dir === 'rtl' ? -1 : 1);
              if (e.key === 'ArrowLeft') go(document.dir === 'rtl' ? 1 : -1);
            }}
          >
            <HStack justify="space-between" p="3">
              <Text fontWeight="medium" data-testid="slider-counter" dir="ltr">
                {t('gallery.slider.counter', { index: at + 1, count })}
              </Text>
              <HStack gap="2">
                {onRemove ? (
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => onRemove(url)} data-testid="slider-remove">
                    <TrashIcon />
                    {removeLabel ?? t('gallery.slider.remove')}
                  </Button>
                ) : null}
                <Dialog.CloseTrigger asChild position="static">
                  <CloseButton size="sm" color="white" aria-label={t('common.close')} />
                </Dialog.CloseTrigger>
              </HStack>
            </HStack>
            <HStack flex="1" minH="0" justify="center" gap="2" px="2">
              <IconButton
                aria-label={t('gallery.slider.previous')}
                variant="ghost"
                color="white"
                onClick={() => go(-1)}
                disabled={count < 2}
                css={flip}
              >
                <ChevronLeftIcon />
              </IconButton>
              <Box position="relative" flex="1" h="full" display="flex" alignItems="center" justifyContent="center">
                <Image src={url} alt="" maxH="70vh" maxW="full" objectFit="contain" data-testid="slider-image" />
                {url === mainUrl ? (
                  <Badge
                    position="absolute"
                    top="2"
                    insetStart="2"
                    colorPalette="teal"
                    variant="solid"
                    data-testid="slider-thumbnail-badge"
                  >
                    {t('gallery.slider.thumbnail')}
                  </Badge>
                ) : null}
              </Box>
              <IconButton
                aria-label={t('gallery.slider.next')}
                variant="ghost"
                color="white"
                onClick={() => go(1)}
                disabled={count < 2}
                css={flip}
              >
                <ChevronRightIcon />
              </IconButton>
            </HStack>
            <HStack gap="2" p="3" overflowX="auto" justify="center" data-testid="slider-strip">
              {images.map((u, i) => (
                <Box
                  key={u}
                  as="button"
                  flexShrink={0}
                  boxSize="14"
                  borderRadius="md"
                  overflow="hidden"
                  borderWidth="2px"
                  borderColor={i === at ? 'teal.400' : 'transparent'}
                  aria-current={i === at}
                  aria-label={t('gallery.slider.show', { index: i + 1 })}
                  onClick={() => onIndex(i)}
                >
                  <Image src={u} alt="" w="full" h="full" objectFit="cover" loading="lazy" />
                </Box>
              ))}
            </HStack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
