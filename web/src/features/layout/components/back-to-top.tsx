import { IconButton } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ChevronDownIcon } from '@/components/icons';
import { showBackToTop } from '../lib/back-to-top';

/** A round button at the bottom corner that scrolls the page back up (spec: after 500 px, not on the editor). */
export function BackToTop({ bottom }: { bottom: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [scrollY, setScrollY] = useState(() => window.scrollY);
  useEffect(() => {
    const onScroll = () => setScrollY(window.scrollY);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!showBackToTop(scrollY, pathname)) return null;
  return (
    <IconButton
      aria-label={t('backToTop')}
      title={t('backToTop')}
      data-testid="back-to-top"
      position="fixed"
      insetEnd="5"
      bottom={`${bottom}px`}
      zIndex="sticky"
      borderRadius="full"
      colorPalette="teal"
      shadow="md"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ChevronDownIcon transform="rotate(180deg)" />
    </IconButton>
  );
}
