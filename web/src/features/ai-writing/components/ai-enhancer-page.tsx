import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/components/use-document-title';
import { PageHeader } from '@/components/ui/list-page';
import { BulkWriter } from './bulk-writer';

/** /app/ob-ai-enhancer: the import list's products rewritten by AI before their first push. */
export function AiEnhancerPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.aiEnhancer'));
  return (
    <Box>
      <PageHeader title={t('pages.aiEnhancer')} />
      <Text color="fg.muted" mb="4" maxW="3xl">
        {t('aiWriting.bulk.enhancerIntro')}
      </Text>
      <BulkWriter
        source="import"
        editorPath={(id) => `/app/products-import/editor/${id}`}
        empty={{ message: t('aiWriting.bulk.emptyImport'), label: t('aiWriting.bulk.findProducts'), to: '/app/find-product' }}
      />
    </Box>
  );
}
