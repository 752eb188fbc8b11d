import { Box, type BoxProps } from '@chakra-ui/react';
import { BRANDS, type LogoId } from '../lib/platforms';

/** Brand tile of a platform (colour and a short glyph; no third-party artwork is bundled). */
export function ChannelLogo({ id, size = 10, ...rest }: { id: LogoId; size?: number } & BoxProps) {
  const brand = BRANDS[id];
  const px = size * 4;
  return (
    <Box
      as="span"
      role="img"
      aria-label={brand.name}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      flexShrink={0}
      w={`${px}px`}
      h={`${px}px`}
      borderRadius="lg"
      borderWidth={brand.bg === '#fff' ? '1px' : undefined}
      style={{ background: brand.bg, color: brand.fg }}
      fontWeight="bold"
      fontSize={brand.glyph.length > 2 ? `${Math.round(px / 3.6)}px` : `${Math.round(px / 2.2)}px`}
      letterSpacing="tight"
      data-testid={`logo-${id}`}
      {...rest}
    >
      {brand.glyph}
    </Box>
  );
}
