import { Avatar, Box, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/components/use-document-title';
import { displayName, initials, useAccount } from '@/features/account';
import { LinkedStores } from '@/features/channels';
import { DisplayCurrencyCard } from '@/features/workplaces';

/** /app/setting/account: the account and its linked stores, grouped by platform. */
export function AccountSettings() {
  const { t } = useTranslation();
  const { data: account, mutate } = useAccount();
  useDocumentTitle(t('pages.settingAccount'));
  // Stores connected since the account was loaded show up here.
  useEffect(() => {
    void mutate();
  }, [mutate]);

  return (
    <Stack gap="6" maxW="4xl" data-testid="account-settings">
      <Heading as="h1" size="2xl" data-testid="page-title">
        {t('pages.settingAccount')}
      </Heading>
      {account ? (
        <>
          <Box bg="bg" borderWidth="1px" borderRadius="xl" p="5">
            <HStack gap="4">
              <Avatar.Root size="lg" colorPalette="teal">
                <Avatar.Fallback>{initials(account)}</Avatar.Fallback>
                {account.avatar ? <Avatar.Image src={account.avatar} /> : null}
              </Avatar.Root>
              <Stack gap="0.5" minW="0">
                <Text fontWeight="semibold" fontSize="lg" truncate>
                  {displayName(account)}
                </Text>
                <Text color="fg.muted" truncate>
                  {account.email}
                </Text>
              </Stack>
            </HStack>
          </Box>
          <DisplayCurrencyCard workplaces={account.workplaces ?? []} />
          <LinkedStores linked={account.linked_stores ?? {}} workplaces={account.workplaces} />
        </>
      ) : null}
    </Stack>
  );
}
