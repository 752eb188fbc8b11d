import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import { reachable, updateInStores, usePlatforms } from '../api/editor';
import { useRefreshPushed } from '../api/product-center';
import { CompareCard } from './compare-card';
import { DestinationsCard } from './destinations-card';

export const PRODUCT_CENTER_PATH = '/app/products-center';
export const pushedEditorPath = (id: string) => `${PRODUCT_CENTER_PATH}/editor/${encodeURIComponent(id)}`;

/** What the page hands the product editor the app composes in (the import list's). */
export interface EditorSlot {
  productId: string;
  back: { to: string; label: string };
  aside: ReactNode;
  saveLabel: string;
  onSaved: () => Promise<void>;
}

export interface PushedEditorPageProps {
  /** Renders the editor's fields around the product (composed in by the app). */
  editor: (slot: EditorSlot) => ReactNode;
  /** Destination key → what to call it (a store's name); `fallback` is the API's label. */
  labelOf?: (destination: string, fallback: string) => string;
  /** An update push started: its progress ids (the shell's push toast follows them). */
  onPushStarted?: (progressIds: number[]) => void;
}

const byLabel = (_: string, fallback: string) => fallback;

/** The push's refusals the app translates (push.errors); other messages are the API's words. */
const KNOWN_ERRORS = new Set(['NeedToSelectAtLeastChannel', 'GoToMyChannel', 'DataNotFound']);

/**
 * /app/products-center/editor/{id}: edit a pushed product with the import editor's fields, then
 * "Save and update in store(s)": save, and push it again over its copy at every connected
 * destination, whose results show on the destinations card as they land.
 */
export function PushedEditorPage({ editor, labelOf = byLabel, onPushStarted }: PushedEditorPageProps) {
  const { t } = useTranslation();
  const { productCenterId = '' } = useParams();
  const platforms = usePlatforms(productCenterId);
  const refreshPushed = useRefreshPushed();

  async function updateStores() {
    const list = platforms.data?.platforms ?? [];
    if (reachable(list).length === 0) {
      notify('warning', t('productCenter.editor.savedOnly'));
      return;
    }
    const res = await updateInStores(productCenterId, list);
    if (res.success && res.data) {
      notify('success', t('productCenter.editor.updateStarted'));
      onPushStarted?.(res.data.progress_ids);
    } else {
      const message = messageOf(res);
      notify('error', KNOWN_ERRORS.has(message) ? t(`push.errors.${message}`) : message || t('productCenter.editor.updateFailed'));
    }
    // The destinations read as processing now; the card polls until each one lands.
    await platforms.mutate();
    void refreshPushed();
  }

  return (
    <>
      {editor({
        productId: productCenterId,
        back: { to: PRODUCT_CENTER_PATH, label: t('pages.productCenter') },
        aside: (
          <Stack gap="5">
            <DestinationsCard platforms={platforms.data?.platforms} error={Boolean(platforms.error)} labelOf={labelOf} />
            <CompareCard productId={productCenterId} labelOf={labelOf} />
          </Stack>
        ),
        saveLabel: t('productCenter.editor.saveAndUpdate'),
        onSaved: updateStores,
      })}
    </>
  );
}
