import { Field, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toaster';
import { PRODUCT_SOURCES } from '@/lib/sources';
import type { Envelope } from '@/lib/api';
import type { LineItem, OrderDetail } from '@/types/orders';
import { SourceSelect } from '@/components/ui/source-select';
import { changeSupplier, manuallyFulfill } from '../api/order-edits';
import { EditDialog } from './edit-dialog';

/** Sends a form, keeps the API's field errors, or the message when no field is named. */
function useSubmit(fields: readonly string[], onSaved: (o: OrderDetail) => void, done: string) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  async function submit(call: () => Promise<Envelope<OrderDetail>>) {
    setLoading(true);
    const res = await call();
    setLoading(false);
    if (res.success && res.data) {
      notify('success', done);
      onSaved(res.data);
      return;
    }
    const e = res.errors ?? {};
    setErrors(e);
    setMessage(fields.some((f) => e[f]?.length) ? null : res.message || t('orders.actionFailed'));
  }
  return { errors, message, loading, submit };
}

function TextField({
  name,
  label,
  value,
  onChange,
  error,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input size="sm" value={value} onChange={(e) => onChange(e.target.value)} data-testid={`field-${name}`} />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** Sources of the order whose lines are not placed yet. */
export const unplacedSources = (order: OrderDetail) => [
  ...new Set(
    order.line_items
      .filter((l) => l.source && !l.disabled && (!l.source_order || l.source_order.status !== 'order_placed'))
      .map((l) => l.source as string),
  ),
];

/** Records a source's lines as ordered by hand (PUT orders/v4/manually-fulfill). */
export function ManualFulfilDialog({
  order,
  open,
  onClose,
  onSaved,
}: {
  order: OrderDetail;
  open: boolean;
  onClose: () => void;
  onSaved: (o: OrderDetail) => void;
}) {
  const { t } = useTranslation();
  const sources = unplacedSources(order);
  const [source, setSource] = useState(sources[0] ?? '');
  const [orderNo, setOrderNo] = useState('');
  const form = useSubmit(['source', 'order_no'], onSaved, t('orders.manual.done'));
  return (
    <EditDialog
      open={open}
      title={t('orders.manual.title')}
      submitLabel={t('orders.manual.submit')}
      loading={form.loading}
      canSubmit={Boolean(source && orderNo.trim())}
      error={form.message}
      onSubmit={() => void form.submit(() => manuallyFulfill(order.id, source, orderNo.trim()))}
      onClose={onClose}
      testId="manual-fulfil-dialog"
    >
      <SourceSelect
        label={t('orders.filters.source')}
        value={source}
        options={sources}
        onChange={setSource}
        error={form.errors.source?.[0]}
        testId="field-source"
      />
      <TextField
        name="order_no"
        label={t('orders.manual.orderNo')}
        value={orderNo}
        onChange={setOrderNo}
        error={form.errors.order_no?.[0]}
      />
    </EditDialog>
  );
}

/** Maps a line to another supplier product (POST orders/{id}/change-supplier). */
export function ChangeSupplierDialog({
  order,
  line,
  onClose,
  onSaved,
}: {
  order: OrderDetail;
  line: LineItem | null;
  onClose: () => void;
  onSaved: (o: OrderDetail) => void;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState(line?.source ?? PRODUCT_SOURCES[0]);
  const [productId, setProductId] = useState(line?.source_product_id ?? '');
  const [skuId, setSkuId] = useState(line?.sku_id ?? '');
  const form = useSubmit(['source', 'source_product_id', 'sku_id'], onSaved, t('orders.supplier.done'));
  const submit = () =>
    line &&
    void form.submit(() => changeSupplier(order.id, line.id, { source, source_product_id: productId.trim(), sku_id: skuId.trim() }));
  return (
    <EditDialog
      open={line !== null}
      title={t('orders.supplier.title', { title: line?.title ?? '' })}
      submitLabel={t('orders.supplier.submit')}
      loading={form.loading}
      canSubmit={Boolean(productId.trim() && skuId.trim())}
      error={form.message}
      onSubmit={submit}
      onClose={onClose}
      testId="change-supplier-dialog"
    >
      <SourceSelect
        label={t('orders.filters.source')}
        value={source}
        onChange={setSource}
        error={form.errors.source?.[0]}
        testId="field-source"
      />
      <TextField
        name="source_product_id"
        label={t('orders.supplier.productId')}
        value={productId}
        onChange={setProductId}
        error={form.errors.source_product_id?.[0]}
      />
      <TextField name="sku_id" label={t('orders.supplier.skuId')} value={skuId} onChange={setSkuId} error={form.errors.sku_id?.[0]} />
    </EditDialog>
  );
}
