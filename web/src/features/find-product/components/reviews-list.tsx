import { Box, HStack, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StarIcon, filled } from '@/components/icons';
import { Pager } from '@/components/pager';
import { countryName } from '@/lib/countries';
import { currentLanguage } from '@/lib/i18n';
import { useReviews } from '../api/products';

function Stars({ rating }: { rating: number | null | undefined }) {
  return (
    <HStack gap="0" color="orange.400" aria-label={`${rating}/5`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <StarIcon key={i} css={i <= Math.round(rating ?? 0) ? filled : undefined} boxSize="3.5" />
      ))}
    </HStack>
  );
}

function formatDate(value: string | null | undefined, locale: string): string {
  const date = new Date(value ?? 0);
  return Number.isNaN(date.getTime())
    ? (value ?? '')
    : date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** Buyer reviews of a supplier product, a page at a time. */
export function ReviewsList({ source, productId }: { source: string; productId: string }) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useReviews(source, productId, page);
  // The page size is whatever the first page holds.
  const pageSize = useRef(0);
  if (data && page === 1) pageSize.current = Math.max(pageSize.current, data.items.length);

  if (isLoading && !data) return <Skeleton h="24" />;
  if (!data || data.items.length === 0)
    return (
      <Text color="fg.muted" data-testid="reviews-empty">
        {t('findProduct.detail.noReviews')}
      </Text>
    );
  return (
    <Stack gap="3" data-testid="reviews-list">
      {data.items.map((r) => (
        <Box key={r.id} bg="bg" borderWidth="1px" borderRadius="lg" p="3" data-testid="review">
          <HStack justify="space-between" gap="2" wrap="wrap">
            <HStack gap="2">
              <Text fontWeight="medium" fontSize="sm">
                {r.name || t('findProduct.detail.anonymous')}
              </Text>
              {r.country ? (
                <Text fontSize="xs" color="fg.muted">
                  {countryName(r.country, locale)}
                </Text>
              ) : null}
            </HStack>
            <HStack gap="2">
              <Stars rating={r.rating} />
              <Text fontSize="xs" color="fg.muted">
                {formatDate(r.createdAt, locale)}
              </Text>
            </HStack>
          </HStack>
          <Text fontSize="sm" mt="1.5">
            {r.feedback}
          </Text>
          {r.images && r.images.length > 0 ? (
            <HStack gap="1.5" mt="2" wrap="wrap">
              {r.images.map((src) => (
                <Image key={src} src={src} alt="" boxSize="14" borderRadius="md" objectFit="cover" loading="lazy" />
              ))}
            </HStack>
          ) : null}
        </Box>
      ))}
      <Pager
        page={page}
        pageSize={pageSize.current || data.items.length}
        total={data.total ?? 0}
        onChange={setPage}
        testId="reviews-pager"
      />
    </Stack>
  );
}
