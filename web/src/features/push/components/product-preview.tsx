import { Box, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TrashIcon } from '@/components/icons';
import { currentLanguage } from '@/lib/i18n';
import { formatMoneyRange } from '@/lib/money';
import type { PushProduct, PushWarning } from '@/types/push';
import { VARIANT_LIMIT } from '../lib/quota';
import { canRemove } from '../lib/rules';

/** Spec section 9: rows of 80 px with 14 px between them. */
const ROW_HEIGHT = 80;
const ROW_GAP = 14;
const VISIBLE_ROWS = 4;

interface PreviewProps {
  products: readonly PushProduct[];
  warnings: readonly PushWarning[];
  onRemove: (id: string) => void;
}

/** The products to push, scrolling, each with a remove button (disabled below 2 products). */
export function ProductPreview({ products, warnings, onRemove }: PreviewProps) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const removable = canRemove(products.length);
  const warned = new Map(warnings.map((w) => [w.hash, w]));
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{t('push.products', { count: products.length })}</Text>
      <Stack gap={`${ROW_GAP}px`} maxH={`${VISIBLE_ROWS * (ROW_HEIGHT + ROW_GAP)}px`} overflowY="auto" pe="1" data-testid="push-products">
        {products.map((p) => {
          const warning = warned.get(p.id);
          return (
            <HStack
              key={p.id}
              minH={`${ROW_HEIGHT}px`}
              gap="3"
              p="2"
              borderWidth="1px"
              borderRadius="lg"
              bg="bg"
              data-testid="push-product"
              data-id={p.id}
              flexShrink={0}
            >
              <Box boxSize="16" flexShrink={0} bg="bg.muted" borderRadius="md" overflow="hidden">
                {p.image ? <Image src={p.image} alt="" w="full" h="full" objectFit="cover" loading="lazy" /> : null}
              </Box>
              <Stack gap="0.5" flex="1" minW="0">
                <Text fontWeight="medium" lineClamp={2} data-testid="push-product-title">
                  {p.title}
                </Text>
                <HStack gap="3" fontSize="xs" color="fg.muted" wrap="wrap">
                  <Text>{t('push.variantCount', { count: p.variant_count })}</Text>
                  {p.price_from !== undefined ? <Text dir="ltr">{formatMoneyRange(p.price_from, p.price_to, 'USD', locale)}</Text> : null}
                </HStack>
                {warning ? (
                  <Text fontSize="xs" color="orange.fg" data-testid="push-product-warning">
                    {t('push.variantWarning', { variants: warning.variants, limit: VARIANT_LIMIT, units: warning.units })}
                  </Text>
                ) : null}
              </Stack>
              <IconButton
                size="sm"
                variant="ghost"
                colorPalette="red"
                aria-label={t('common.remove', { name: p.title })}
                disabled={!removable}
                onClick={() => onRemove(p.id)}
                data-testid="push-product-remove"
              >
                <TrashIcon />
              </IconButton>
            </HStack>
          );
        })}
      </Stack>
    </Stack>
  );
}
