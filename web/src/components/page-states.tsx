import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center minH="40vh" data-testid="page-loading">
      <VStack gap="3">
        <Spinner size="lg" color="teal.600" />
        <Text color="fg.muted">{t('common.loading')}</Text>
      </VStack>
    </Center>
  );
}
