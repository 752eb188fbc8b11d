import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/list-page';
import { useDocumentTitle } from '@/components/use-document-title';
import { env } from '@/lib/env';
import { HubCard } from './hub-card';

/** `/app/community`: the ways to other sellers and to Dropline: the community, the changelog and the help center. */
export function CommunityPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.community'));
  const links = [
    { key: 'forum', to: env.communityUrl },
    { key: 'changelog', to: env.changelogUrl },
    { key: 'help', to: env.helpCenterUrl },
  ];
  return (
    <Stack gap="6" maxW="5xl" data-testid="community-page">
      <PageHeader title={t('pages.community')} subtitle={t('community.subtitle')} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {links.map((link) => (
          <HubCard
            key={link.key}
            testId={`community-${link.key}`}
            title={t(`community.${link.key}.title`)}
            body={t(`community.${link.key}.body`)}
            action={t(`community.${link.key}.action`)}
            to={link.to}
            external
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
