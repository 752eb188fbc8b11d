import { Box, Image } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface ProductThumbProps {
  src: string | null | undefined;
  /** The square's side (a Chakra size: 12, 14). */
  size?: string;
  /** Shown when the product has no image (an icon); empty otherwise. */
  fallback?: ReactNode;
  /** Lists load their rows' images as they scroll into view; a page's header does not. */
  lazy?: boolean;
}

/** A product's image in a small square, beside its title in a row or a header. */
export function ProductThumb({ src, size = '14', fallback = null, lazy = true }: ProductThumbProps) {
  return (
    <Box
      boxSize={size}
      flexShrink={0}
      bg="bg.muted"
      borderRadius="md"
      overflow="hidden"
      display="flex"
      alignItems="center"
      justifyContent="center"
    >
      {src ? <Image src={src} alt="" w="full" h="full" objectFit="cover" loading={lazy ? 'lazy' : undefined} /> : fallback}
    </Box>
  );
}
