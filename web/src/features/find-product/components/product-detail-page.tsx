import { Badge, Box, Button, Grid, HStack, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { StarIcon, filled } from '@/components/icons';
import { PageSpinner } from '@/components/page-states';
import { useDocumentTitle } from '@/components/use-document-title';
import { DEFAULT_SHIP_TO, countryName } from '@/lib/countries';
import { currentLanguage } from '@/lib/i18n';
import { abbreviateCount, formatMoneyRange } from '@/lib/money';
import { sourceName } from '@/lib/sources';
import { LoadError } from '@/components/ui/list-page';
import { useFavourites, useLogistics, useProductDetail, useReviews } from '../api/products';
import { useProductImport } from '../api/use-import';
import { cardImages, formatRating, knownRating, reviewsShown } from '../lib/format';
import { detailPath, productKey } from '../lib/query';
import { LogisticsTable, VariantsTable, allVariants } from './detail-tables';
import type { FindProductPageProps } from './find-product-page';
import { ImportButton } from './import-button';
import { OptionsPicker } from './options-picker';
import { ProductVideo } from './product-video';
import { QuotaPrompt } from './quota-prompt';
import { ReviewsList } from './reviews-list';
import { ShipToPicker } from './ship-to-picker';

/** Supplier descriptions are HTML: shown as plain text. */
function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<(br|\/p|\/div|\/li)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="2" as="section" data-testid={testId}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** /app/find-product/{productSource}/detail/{productId}/{shipTo}. */
export function ProductDetailPage({ upgradePath, onImported }: FindProductPageProps) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const navigate = useNavigate();
  const { productSource = '', productId = '', shipTo: shipToParam } = useParams();
  const shipTo = (shipToParam || DEFAULT_SHIP_TO).toUpperCase();
  const { data: detail, error, mutate } = useProductDetail(productSource, productId, shipTo);
  // The reviews list's first page (one request, shared with the list): its total is the count shown.
  const firstReviews = useReviews(productSource, productId, 1);
  const logistics = useLogistics(productSource, productId, shipTo);
  const favourites = useFavourites();
  const [quota, setQuota] = useState(false);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  // The frame shows the video (-1, first when the product has one) or an image by its index.
  const [shown, setShown] = useState(-1);
  const imports = useProductImport({ onImported, onQuotaExpired: () => setQuota(true) });
  useDocumentTitle(detail?.name ?? t('pages.productDetail'));

  if (error) {
    return (
      <LoadError
        testId="detail-error"
        message={t('findProduct.detail.loadFailed')}
        detail={error.message}
        onRetry={() => void mutate()}
        maxW="3xl"
      />
    );
  }
  if (!detail) return <PageSpinner />;

  const images = cardImages(detail.images, 50);
  const key = productKey(detail);
  const favourite = favourites.ids.has(key);
  const range = detail.price_range ?? [];
  const description = plainText(detail.description);
  const rating = knownRating(detail.rating);
  const reviewsCount = reviewsShown(firstReviews.data, detail.reviews_count);
  const variantCount = allVariants(detail).length;
  const soldOut = detail.sold_out_variants?.length ?? 0;
  const nothingToImport = detail.variants.length === 0;
  const video = detail.video_url ?? null;
  const framed = video ? shown : Math.max(shown, 0);

  return (
    <Stack gap="6" maxW="7xl" data-testid="product-detail" data-key={key}>
      {quota ? <QuotaPrompt upgradePath={upgradePath} onClose={() => setQuota(false)} /> : null}
      <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' }} gap="6">
        <Stack gap="2" data-testid="detail-images">
          <Box aspectRatio={1} bg="bg.muted" borderRadius="xl" overflow="hidden" borderWidth="1px">
            {video && framed < 0 ? (
              <ProductVideo src={video} poster={images[0]} title={detail.name} />
            ) : images[framed] ? (
              <Image src={images[framed]} alt={detail.name} w="full" h="full" objectFit="cover" />
            ) : null}
          </Box>
          <HStack gap="1.5" wrap="wrap">
            {video ? (
              <Box
                as="button"
                boxSize="14"
                borderRadius="md"
                overflow="hidden"
                borderWidth="2px"
                borderColor={framed < 0 ? 'teal.500' : 'transparent'}
                bg="bg.emphasized"
                fontSize="xs"
                fontWeight="medium"
                onClick={() => setShown(-1)}
                aria-label={t('findProduct.video.show')}
                data-testid="detail-video-thumb"
              >
                ▶ {t('findProduct.video.short')}
              </Box>
            ) : null}
            {images.map((src, i) => (
              <Box
                key={src}
                as="button"
                boxSize="14"
                borderRadius="md"
                overflow="hidden"
                borderWidth="2px"
                borderColor={i === framed ? 'teal.500' : 'transparent'}
                onClick={() => setShown(i)}
                aria-label={t('findProduct.image', { index: i + 1 })}
              >
                <Image src={src} alt="" w="full" h="full" objectFit="cover" loading="lazy" />
              </Box>
            ))}
          </HStack>
        </Stack>
        <Stack gap="4">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="gray">{sourceName(detail.source)}</Badge>
            {detail.category?.name ? (
              <Badge colorPalette="teal" variant="outline">
                {detail.category.name}
              </Badge>
            ) : null}
            {detail.ship_from ? (
              <Badge variant="outline">{t('findProduct.detail.shipsFrom', { country: countryName(detail.ship_from, locale) })}</Badge>
            ) : null}
          </HStack>
          <Heading as="h1" size="xl" data-testid="page-title">
            {detail.name}
          </Heading>
          <HStack gap="4" fontSize="sm" color="fg.muted" wrap="wrap">
            {rating !== null ? (
              <HStack gap="1">
                <StarIcon color="orange.400" css={filled} />
                <Text data-testid="detail-rating">{formatRating(rating)}</Text>
              </HStack>
            ) : null}
            {reviewsCount !== null ? (
              <Text data-testid="detail-reviews-count">{t('findProduct.detail.reviewsCount', { count: reviewsCount })}</Text>
            ) : null}
            <Text data-testid="detail-orders">{t('findProduct.orders', { value: abbreviateCount(detail.lastest_volume) })}</Text>
          </HStack>
          <Text fontSize="2xl" fontWeight="bold" dir="ltr" textAlign="start" data-testid="detail-price-range">
            {formatMoneyRange(range[0], range[1], 'USD', locale)}
          </Text>
          <HStack gap="2" wrap="wrap">
            <ShipToPicker
              value={shipTo}
              onChange={(code) => navigate(detailPath(detail.source, detail.source_product_id, code), { replace: true })}
            />
            <Button
              size="sm"
              variant="outline"
              onClick={() => void favourites.toggle(key)}
              aria-pressed={favourite}
              data-testid="detail-favourite"
            >
              {favourite ? t('findProduct.unfavourite') : t('findProduct.favourite')}
            </Button>
          </HStack>
          <OptionsPicker options={detail.options} chosen={chosen} onChange={setChosen} />
          <Box maxW="sm">
            {nothingToImport ? (
              <Stack gap="1" data-testid="detail-sold-out">
                <Badge colorPalette="red" alignSelf="start">
                  {t('findProduct.detail.soldOut')}
                </Badge>
                <Text fontSize="sm" color="fg.muted">
                  {t('findProduct.detail.allSoldOut')}
                </Text>
              </Stack>
            ) : (
              <ImportButton size="md" state={imports.stateOf(detail)} onImport={() => void imports.start(detail, shipTo)} />
            )}
          </Box>
        </Stack>
      </Grid>
      <Section title={t('findProduct.detail.variants', { count: variantCount })} testId="detail-variants">
        {soldOut > 0 && !nothingToImport ? (
          <Text fontSize="sm" color="fg.muted" data-testid="detail-sold-out-count">
            {t('findProduct.detail.soldOutCount', { count: soldOut })}
          </Text>
        ) : null}
        <VariantsTable detail={detail} chosen={chosen} />
      </Section>
      <Section title={t('findProduct.detail.shippingTo', { country: countryName(shipTo, locale) })} testId="detail-logistics">
        <LogisticsTable options={logistics.data?.options} loading={logistics.isLoading} />
      </Section>
      {description ? (
        <Section title={t('findProduct.detail.description')} testId="detail-description">
          <Text whiteSpace="pre-line" fontSize="sm" bg="bg" borderWidth="1px" borderRadius="lg" p="4">
            {description}
          </Text>
        </Section>
      ) : null}
      <Section title={t('findProduct.detail.reviews')} testId="detail-reviews">
        <ReviewsList source={detail.source} productId={detail.source_product_id} />
      </Section>
    </Stack>
  );
}
