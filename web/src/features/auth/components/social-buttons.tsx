import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startSocialSignIn, type SocialProvider } from '../api/auth';

const PROVIDERS: SocialProvider[] = ['google', 'facebook'];

/** "Continue with Google / Facebook": asks the API for the provider's address and goes there. */
export function SocialButtons() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<SocialProvider | null>(null);

  async function go(provider: SocialProvider) {
    setBusy(provider);
    const res = await startSocialSignIn(provider);
    if (res.success && res.data?.url) {
      window.location.assign(res.data.url);
      return;
    }
    setBusy(null);
  }

  return (
    <Stack gap="3">
      {PROVIDERS.map((provider) => (
        <Button
          key={provider}
          variant="outline"
          loading={busy === provider}
          disabled={busy !== null}
          onClick={() => go(provider)}
          data-testid={`social-${provider}`}
        >
          {t(`auth.social.${provider}`)}
        </Button>
      ))}
      <HStack>
        <Separator flex="1" />
        <Text fontSize="sm" color="fg.muted">
          {t('auth.social.or')}
        </Text>
        <Separator flex="1" />
      </HStack>
    </Stack>
  );
}
