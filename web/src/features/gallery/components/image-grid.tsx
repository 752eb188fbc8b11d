import { Box, Center, Image, SimpleGrid, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { CheckIcon } from '@/components/icons';
import { nearBottom } from '../lib/rules';

export interface GridImage {
  /** What is selected and handed back: the image's address. */
  url: string;
  /** What is shown: the thumbnail when there is one. */
  preview: string;
  name?: string;
}

interface ImageGridProps {
  images: GridImage[];
  selected: readonly string[];
  onToggle: (url: string) => void;
  onOpen?: (index: number) => void;
  /** Asked for when the list scrolls within 100 px of its bottom (spec section 9). */
  onNearEnd?: () => void;
  loading?: boolean;
  empty: string;
  testId: string;
}

/** A scrolling grid of selectable images; reaching its bottom asks for the next page. */
export function ImageGrid({ images, selected, onToggle, onOpen, onNearEnd, loading, empty, testId }: ImageGridProps) {
  const box = useRef<HTMLDivElement>(null);
  // A first page shorter than the box never scrolls: ask again until it does or the list ends.
  useEffect(() => {
    if (box.current && onNearEnd && !loading && nearBottom(box.current)) onNearEnd();
  }, [images.length, loading, onNearEnd]);

  return (
    <Box
      ref={box}
      maxH={{ base: '55vh', md: '50vh' }}
      overflowY="auto"
      data-testid={testId}
      onScroll={(e) => {
        if (onNearEnd && nearBottom(e.currentTarget)) onNearEnd();
      }}
    >
      {images.length === 0 && !loading ? (
        <Text color="fg.muted" py="6" textAlign="center">
          {empty}
        </Text>
      ) : null}
      <SimpleGrid columns={{ base: 3, md: 5 }} gap="2">
        {images.map((img, i) => {
          const on = selected.includes(img.url);
          return (
            <Box
              key={img.url}
              as="button"
              position="relative"
              aspectRatio={1}
              borderRadius="md"
              overflow="hidden"
              borderWidth="2px"
              borderColor={on ? 'teal.500' : 'border'}
              aria-pressed={on}
              title={img.name}
              onClick={() => onToggle(img.url)}
              onDoubleClick={() => onOpen?.(i)}
              data-testid="grid-image"
              data-selected={on}
            >
              <Image src={img.preview} alt={img.name ?? ''} w="full" h="full" objectFit="cover" loading="lazy" />
              {on ? (
                <Center position="absolute" top="1" insetEnd="1" boxSize="5" borderRadius="full" bg="teal.500" color="white">
                  <CheckIcon />
                </Center>
              ) : null}
            </Box>
          );
        })}
      </SimpleGrid>
      {loading ? (
        <Center py="3">
          <Spinner size="sm" />
        </Center>
      ) : null}
    </Box>
  );
}
