import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { getToken } from '@/lib/storage';

export function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <Center minH="70vh" px="4" data-testid="not-found">
      <Stack align="center" gap="4" textAlign="center" maxW="md">
        <Text fontSize="6xl" fontWeight="bold" color="teal.600" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="xl">
          {t('notFound.title')}
        </Heading>
        <Text color="fg.muted">{t('notFound.body')}</Text>
        <Button asChild colorPalette="teal" data-testid="not-found-home">
          <RouterLink to={getToken() ? '/app' : '/'}>{t('common.backHome')}</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
