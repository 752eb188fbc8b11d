import { Badge, Box, Button, HStack, Heading, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { UpgradePrompt } from '@/components/upgrade-prompt';
import { useDocumentTitle } from '@/components/use-document-title';
import { type PlanPrompt, planPromptOf } from '@/lib/plan-prompts';
import { sourceName } from '@/lib/sources';
import { notify } from '@/lib/toaster';
import type { OrderPreview, PayMethod, PreviewSource } from '@/types/orders';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SIGN_IN_FIELD } from '../api/aliexpress';
import { confirmOrders, createOrders, useOrderPreview, useRefreshOrders } from '../api/orders';
import { parseOrderIds } from '../lib/filters';
import { placementErrorKey, placementWarningKey } from '../lib/format';
import { addPlacements, placementSession } from '../lib/placement-session';
import { AliExpressAccountRow, AliExpressSignInDialog } from './aliexpress-sign-in';
import { LineVariant } from './line-variant';
import { Money } from './order-cells';

export const ORDERS_PATH = '/app/orders';

/** The order list to go back to: with the filters it had when the owner chose Place (router state `back`). */
export function ordersBackPath(state: unknown): string {
  const back = (state as { back?: unknown } | null)?.back;
  return typeof back === 'string' && back.startsWith('?') ? `${ORDERS_PATH}${back}` : ORDERS_PATH;
}

function SourceRow({ source }: { source: PreviewSource }) {
  const { t } = useTranslation();
  const error = placementErrorKey(source.error_key);
  const warning = placementWarningKey(source.warning);
  return (
    <HStack
      justify="space-between"
      align="start"
      py="2"
      borderTopWidth="1px"
      data-testid="preview-source"
      data-source={source.source}
      data-placeable={source.placeable}
    >
      <Stack gap="0.5">
        <HStack gap="2">
          <Badge colorPalette="gray">{sourceName(source.source)}</Badge>
          <Text fontSize="sm" color="fg.muted">
            {t('orders.create.lines', { count: source.lines.length })}
          </Text>
        </HStack>
        {(source.items ?? []).map((line) => (
          <HStack key={line.id} gap="2" align="start" data-testid="preview-line">
            {line.image ? <Image src={line.image} alt="" boxSize="8" borderRadius="sm" objectFit="cover" /> : null}
            <Stack gap="0" minW="0">
              <Text fontSize="sm" lineClamp={1}>
                {line.title} × {line.quantity}
              </Text>
              <LineVariant line={line} fontSize="xs" />
            </Stack>
          </HStack>
        ))}
        {!source.placeable ? (
          <Text fontSize="sm" color="fg.error" data-testid="preview-source-error">
            {error ? t(error) : source.message || t('orders.create.notPlaceable')}
          </Text>
        ) : null}
        {source.warning ? (
          <Text fontSize="sm" color="orange.700">
            {warning ? t(warning) : source.warning}
          </Text>
        ) : null}
      </Stack>
      <Stack gap="0" textAlign="end" fontSize="sm">
        <Text>
          {t('orders.columns.product_cost')}: <Money value={source.product_cost} currency="USD" />
        </Text>
        <Text>
          {t('orders.columns.shipping_cost')}: <Money value={source.shipping_cost} currency="USD" />
        </Text>
        <Text fontWeight="semibold">
          {t('orders.create.total')}: <Money value={source.total} currency="USD" />
        </Text>
      </Stack>
    </HStack>
  );
}

/** /app/orders/create?orders=[...]: the supplier orders to place, then create (and pay). */
export function CreateOrderPage({ onCreated }: { onCreated?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = ordersBackPath(useLocation().state);
  const ids = useMemo(() => parseOrderIds(params.get('orders')), [params]);
  const preview = useOrderPreview(ids);
  const refresh = useRefreshOrders();
  const [pay, setPay] = useState<'none' | PayMethod>('wallet');
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState<OrderPreview | null>(null);
  const [signIn, setSignIn] = useState(false);
  const [gate, setGate] = useState<PlanPrompt | null>(null);
  useDocumentTitle(t('pages.createOrder'));
  const data = checked ?? preview.data;
  const placeable = data?.orders.filter((o) => o.sources.some((s) => s.placeable)) ?? [];
  const aliexpress = data?.orders.some((o) => o.sources.some((s) => s.source === 'aliexpress')) ?? false;

  async function submit() {
    setBusy(true);
    try {
      const confirmed = await confirmOrders(ids);
      if (confirmed.success && confirmed.data) setChecked(confirmed.data);
      const ready =
        (confirmed.data ?? data)?.orders.filter((o) => o.sources.some((s) => s.placeable)).map((o) => String(o.order_id)) ?? ids;
      if (ready.length === 0) {
        notify('error', t('orders.create.nothingToPlace'));
        return;
      }
      const res = await createOrders(ready, pay === 'none' ? null : pay);
      if (!res.success && res.errors?.[SIGN_IN_FIELD]) {
        setSignIn(true);
        return;
      }
      const prompt = res.success ? null : planPromptOf(res.message);
      setGate(prompt);
      if (prompt) return;
      if (!res.success) {
        notify('error', res.message === 'InsufficientBalance' ? t('orders.pay.insufficient') : res.message || t('orders.actionFailed'));
        return;
      }
      placementSession.set(
        addPlacements(
          placementSession.get(),
          (res.data?.items ?? []).map((i) => i.id),
        ),
      );
      void refresh();
      onCreated?.();
      navigate(back);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="4" maxW="4xl" data-testid="create-order-page">
      <Heading as="h1" size="2xl" data-testid="page-title">
        {t('pages.createOrder')}
      </Heading>
      {ids.length === 0 ? (
        <Box borderWidth="1px" borderStyle="dashed" borderRadius="xl" p="8" textAlign="center" data-testid="create-order-empty">
          <Text mb="3">{t('orders.create.none')}</Text>
          <Button asChild colorPalette="teal">
            <RouterLink to={back}>{t('orders.backToOrders')}</RouterLink>
          </Button>
        </Box>
      ) : null}
      {preview.error ? <ErrorAlert message={preview.error.message || t('orders.loadFailed')} testId="create-order-error" /> : null}
      {preview.isLoading ? <Skeleton h="32" borderRadius="xl" /> : null}
      {data?.orders.map((o) => (
        <Stack key={o.order_id} gap="0" bg="bg" borderWidth="1px" borderRadius="xl" p="4" data-testid="preview-order" data-id={o.order_id}>
          <Text fontWeight="semibold" pb="2">
            {o.name}
          </Text>
          {o.sources.map((s) => (
            <SourceRow key={s.source} source={s} />
          ))}
        </Stack>
      ))}
      {data ? (
        <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p="4">
          <HStack justify="space-between">
            <Text fontWeight="semibold">{t('orders.create.grandTotal')}</Text>
            <Text fontWeight="semibold" data-testid="preview-total">
              <Money value={data.total} currency="USD" />
            </Text>
          </HStack>
          {aliexpress ? <AliExpressAccountRow /> : null}
          <ChoiceGroup
            value={pay}
            onChange={setPay}
            choices={['wallet', 'card', 'none'] as const}
            label={(m) => t(`orders.create.pay.${m}`)}
            testId="create-pay"
          />
          {gate ? <UpgradePrompt prompt={gate} onClose={() => setGate(null)} /> : null}
          <HStack justify="end" gap="2">
            <Button variant="outline" asChild>
              <RouterLink to={back}>{t('common.cancel')}</RouterLink>
            </Button>
            <Button
              colorPalette="teal"
              onClick={() => void submit()}
              loading={busy}
              disabled={placeable.length === 0}
              data-testid="create-order-submit"
            >
              {t('orders.create.submit', { count: placeable.length })}
            </Button>
          </HStack>
        </Stack>
      ) : null}
      {signIn ? <AliExpressSignInDialog onClose={() => setSignIn(false)} /> : null}
    </Stack>
  );
}
