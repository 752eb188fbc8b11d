import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toaster';
import { useIsMobile } from '@/lib/use-media-query';
import { useProductImport } from '../api/use-import';
import { QUOTA_PROMPT } from '../lib/import-state';

/**
 * Imports from a page of product cards (find, favourites): the import states, whether the quota
 * prompt shows, and the page's top (put `top` on it, so the prompt can be scrolled to).
 */
export function useCardImports(onImported: (() => void) | undefined) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [quota, setQuota] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  const imports = useProductImport({
    onImported,
    onQuotaExpired: () => {
      setQuota(true);
      // Spec section 8: mobile shows a quota toast, desktop scrolls to the prompt at the top.
      if (isMobile) notify('warning', t(`findProduct.importErrors.${QUOTA_PROMPT}`));
      else top.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    },
    onFailed: (message) => {
      // Desktop shows the failure on the card itself.
      if (isMobile)
        notify(
          'error',
          message === 'ProductAlreadyImported' || message === 'ImportFailed' ? t(`findProduct.importErrors.${message}`) : message,
        );
    },
  });
  return { imports, quota, closeQuota: () => setQuota(false), top };
}
