import { HStack, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  testId?: string;
}

/** Previous / next paging with "Page X of Y"; nothing when everything fits on one page. */
export function Pager({ page, pageSize, total, onChange, testId = 'pager' }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pages <= 1 && page <= 1) return null;
  return (
    <HStack justify="center" gap="3" data-testid={testId} data-page={page} data-pages={pages}>
      <IconButton
        size="sm"
        variant="outline"
        aria-label={t('common.previousPage')}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        data-testid={`${testId}-prev`}
      >
        <ChevronLeftIcon css={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />
      </IconButton>
      <Text fontSize="sm" color="fg.muted">
        {t('common.pageOf', { page, pages })}
      </Text>
      <IconButton
        size="sm"
        variant="outline"
        aria-label={t('common.nextPage')}
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
        data-testid={`${testId}-next`}
      >
        <ChevronRightIcon css={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />
      </IconButton>
    </HStack>
  );
}
