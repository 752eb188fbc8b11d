import { Badge, Box, Button, Checkbox, HStack, IconButton, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, StarIcon } from '@/components/icons';
import type { ImportedProduct } from '@/types/products';
import { moveImage, setThumbnail, toggleImage } from '../lib/editor';

/** Images: choose which ones go to the store, which one is the thumbnail, and their order. */
export function EditorImages({ product, onChange }: { product: ImportedProduct; onChange: (p: ImportedProduct) => void }) {
  const { t } = useTranslation();
  if (product.images.length === 0) return <Text color="fg.muted">{t('importList.editor.noImages')}</Text>;
  return (
    <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap="3" data-testid="editor-images">
      {product.images.map((img, i) => {
        const thumb = product.thumbnail === img.url;
        return (
          <Stack key={img.url} gap="1.5" data-testid={`image-${i}`} data-selected={img.selected} data-thumbnail={thumb}>
            <Box
              position="relative"
              aspectRatio={1}
              borderRadius="lg"
              overflow="hidden"
              borderWidth="2px"
              borderColor={thumb ? 'teal.500' : img.selected ? 'border' : 'transparent'}
              opacity={img.selected ? 1 : 0.45}
            >
              <Image src={img.url} alt="" w="full" h="full" objectFit="cover" loading="lazy" />
              {thumb ? (
                <Badge position="absolute" top="1.5" insetStart="1.5" colorPalette="teal" variant="solid" size="sm">
                  {t('importList.editor.thumbnail')}
                </Badge>
              ) : null}
            </Box>
            <Checkbox.Root
              size="sm"
              checked={img.selected}
              onCheckedChange={() => onChange(toggleImage(product, img.url))}
              data-testid={`image-select-${i}`}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('importList.editor.useImage')}</Checkbox.Label>
            </Checkbox.Root>
            <HStack gap="1">
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={t('importList.editor.moveEarlier')}
                disabled={i === 0}
                onClick={() => onChange(moveImage(product, img.url, -1))}
                data-testid={`image-earlier-${i}`}
              >
                <Box as="span" _rtl={{ transform: 'scaleX(-1)' }} display="inline-flex">
                  <ChevronLeftIcon />
                </Box>
              </IconButton>
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={t('importList.editor.moveLater')}
                disabled={i === product.images.length - 1}
                onClick={() => onChange(moveImage(product, img.url, 1))}
                data-testid={`image-later-${i}`}
              >
                <Box as="span" _rtl={{ transform: 'scaleX(-1)' }} display="inline-flex">
                  <ChevronRightIcon />
                </Box>
              </IconButton>
            </HStack>
            {thumb ? null : (
              <Button
                size="xs"
                variant="ghost"
                justifyContent="start"
                onClick={() => onChange(setThumbnail(product, img.url))}
                data-testid={`image-thumbnail-${i}`}
              >
                <StarIcon />
                {t('importList.editor.makeThumbnail')}
              </Button>
            )}
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
