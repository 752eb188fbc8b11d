import { Badge, Box, HStack, IconButton, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartIcon, StarIcon, TruckIcon, filled } from '@/components/icons';
import { currentLanguage } from '@/lib/i18n';
import { abbreviateCount, formatMoneyRange } from '@/lib/money';
import { sourceName } from '@/lib/sources';
import type { ProductCard as Card } from '@/types/products';
import { cardImages, cardPriceBounds, formatRating, formatShippingCost, formatShippingTime, knownRating } from '../lib/format';
import type { CardImportState } from '../lib/import-state';
import { detailPath, productKey } from '../lib/query';
import { DetailLink } from './detail-link';
import { ImportButton } from './import-button';

interface ProductCardProps {
  card: Card;
  shipTo: string;
  state: CardImportState;
  favourite: boolean;
  newTab: boolean;
  onImport: () => void;
  onFavourite: () => void;
}

/** A supplier product: images, price and range, orders, rating, shipping, flags, favourite and import. */
export function ProductCard({ card, shipTo, state, favourite, newTab, onImport, onFavourite }: ProductCardProps) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const images = cardImages(card.images);
  const [shown, setShown] = useState(0);
  const details = card.details;
  const [lowest, highest] = cardPriceBounds(card.price, details?.price_range);
  const rating = knownRating(details?.rating);
  const orders = card.lastest_volume ?? details?.lastest_volume ?? null;
  const to = detailPath(card.source, card.source_product_id, card.ship_to || shipTo);
  const imported = state.status === 'imported';

  return (
    <Stack
      gap="2"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p="3"
      data-testid="product-card"
      data-key={productKey(card)}
      data-import-state={state.status}
      minW="0"
    >
      <Box position="relative">
        <DetailLink to={to} newTab={newTab} testId="product-card-link">
          <Box aspectRatio={1} bg="bg.muted" borderRadius="lg" overflow="hidden">
            {images[shown] ? <Image src={images[shown]} alt={card.name} w="full" h="full" objectFit="cover" loading="lazy" /> : null}
          </Box>
        </DetailLink>
        <Badge position="absolute" top="2" insetStart="2" size="sm" colorPalette="gray" variant="solid" opacity={0.85}>
          {sourceName(card.source)}
        </Badge>
        <IconButton
          position="absolute"
          top="1.5"
          insetEnd="1.5"
          size="xs"
          borderRadius="full"
          variant="solid"
          bg="bg"
          color={favourite ? 'red.500' : 'fg.muted'}
          _hover={{ bg: 'bg.muted' }}
          aria-label={favourite ? t('findProduct.unfavourite') : t('findProduct.favourite')}
          aria-pressed={favourite}
          onClick={onFavourite}
          data-testid="favourite-toggle"
        >
          <HeartIcon css={favourite ? filled : undefined} />
        </IconButton>
      </Box>
      {images.length > 1 ? (
        <HStack gap="1" data-testid="card-thumbnails">
          {images.map((src, i) => (
            <Box
              key={src}
              as="button"
              w="8"
              h="8"
              borderRadius="sm"
              overflow="hidden"
              borderWidth="2px"
              borderColor={i === shown ? 'teal.500' : 'transparent'}
              onMouseEnter={() => setShown(i)}
              onFocus={() => setShown(i)}
              onClick={() => setShown(i)}
              aria-label={t('findProduct.image', { index: i + 1 })}
            >
              <Image src={src} alt="" w="full" h="full" objectFit="cover" loading="lazy" />
            </Box>
          ))}
        </HStack>
      ) : null}
      <DetailLink to={to} newTab={newTab}>
        <Text fontSize="sm" fontWeight="medium" lineClamp={2} minH="2.5em" title={card.name} data-testid="product-card-name">
          {card.name}
        </Text>
      </DetailLink>
      <Text fontWeight="bold" fontSize="lg" dir="ltr" textAlign="start" data-testid="card-price">
        {formatMoneyRange(lowest, highest, 'USD', locale)}
      </Text>
      <HStack justify="space-between" fontSize="xs" color="fg.muted" gap="2">
        <Text data-testid="card-orders">{t('findProduct.orders', { value: abbreviateCount(orders) })}</Text>
        {rating !== null ? (
          <HStack gap="0.5" data-testid="card-rating">
            <StarIcon color="orange.400" css={filled} />
            <Text>{formatRating(rating)}</Text>
          </HStack>
        ) : null}
      </HStack>
      <HStack justify="space-between" fontSize="xs" gap="2">
        <HStack gap="1" color="fg.muted">
          <TruckIcon />
          <Text
            data-testid="card-shipping-cost"
            fontWeight={details?.shipping_cost === 0 ? 'semibold' : undefined}
            color={details?.shipping_cost === 0 ? 'green.600' : undefined}
          >
            {formatShippingCost(details?.shipping_cost, t, 'USD', locale)}
          </Text>
        </HStack>
        <Text color="fg.muted" data-testid="card-shipping-time">
          {formatShippingTime(details?.shipping_time_min, details?.shipping_time_max, t)}
        </Text>
      </HStack>
      {imported || card.mapped ? (
        <HStack gap="1">
          {imported ? (
            <Badge size="sm" colorPalette="green" data-testid="card-imported">
              {t('findProduct.imported')}
            </Badge>
          ) : null}
          {card.mapped ? (
            <Badge size="sm" colorPalette="purple" data-testid="card-mapped">
              {t('findProduct.mapped')}
            </Badge>
          ) : null}
        </HStack>
      ) : null}
      <Box mt="auto">
        <ImportButton state={state} onImport={onImport} />
      </Box>
    </Stack>
  );
}

/** Placeholder card while a page loads. */
export function ProductCardSkeleton() {
  return (
    <Stack gap="2" bg="bg" borderWidth="1px" borderRadius="xl" p="3" data-testid="product-card-skeleton">
      <Skeleton aspectRatio={1} borderRadius="lg" />
      <Skeleton h="4" />
      <Skeleton h="4" w="60%" />
      <Skeleton h="6" w="40%" />
      <Skeleton h="8" />
    </Stack>
  );
}
