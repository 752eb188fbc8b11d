import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';

/** Honest placeholder for pages that are not built yet. */
export function ComingSoon({ title, homePath = '/app' }: { title: string; homePath?: string }) {
  const { t } = useTranslation();
  const heading = t(title);
  useDocumentTitle(heading);
  return (
    <Box data-testid="coming-soon" maxW="2xl" mx={homePath === '/app' ? undefined : 'auto'} py={homePath === '/app' ? '0' : '16'} px="4">
      <Heading as="h1" size="xl" mb="3" data-testid="page-title">
        {heading}
      </Heading>
      <Box bg="bg" borderWidth="1px" borderStyle="dashed" borderRadius="xl" p="8" textAlign="center">
        <Text fontSize="lg" mb="4" color="fg.muted">
          {t('common.comingSoon')}
        </Text>
        <Button asChild variant="outline" colorPalette="teal">
          <RouterLink to={homePath}>{t('common.backHome')}</RouterLink>
        </Button>
      </Box>
    </Box>
  );
}
