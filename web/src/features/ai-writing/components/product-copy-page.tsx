import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/components/use-document-title';
import { PageHeader } from '@/components/ui/list-page';
import { BulkWriter } from './bulk-writer';

/** Settings > Integrations > Product copy: products already in the stores rewritten by AI; the
 * editor then updates each store. */
export function ProductCopyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.productCopy'));
  return (
    <Box>
      <PageHeader title={t('pages.productCopy')} />
      <Text color="fg.muted" mb="4" maxW="3xl">
        {t('aiWriting.bulk.copyIntro')}
      </Text>
      <BulkWriter
        source="pushed"
        editorPath={(id) => `/app/products-center/editor/${id}`}
        empty={{ message: t('aiWriting.bulk.emptyPushed'), label: t('aiWriting.bulk.openImportList'), to: '/app/products-import' }}
      />
    </Box>
  );
}
