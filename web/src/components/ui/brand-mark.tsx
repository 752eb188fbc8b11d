import { Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Dropline's mark and name, as the sign-in screens' header and the dashboard's top bar show it. */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <HStack gap="2">
      <Box
        as="span"
        display="inline-flex"
        w="8"
        h="8"
        borderRadius="lg"
        bg="teal.700"
        color="white"
        alignItems="center"
        justifyContent="center"
        fontWeight="bold"
      >
        D
      </Box>
      {compact ? null : (
        <Text as="span" fontWeight="bold" fontSize="lg" color="fg">
          {t('common.appName')}
        </Text>
      )}
    </HStack>
  );
}
