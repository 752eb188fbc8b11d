import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { getToken } from '@/lib/storage';
import { endSession } from '../api/auth';

let signingOut: Promise<void> | null = null;

/** /signout: revokes the token, clears token, shop id, workspace id and reconnect flag, opens /login. */
export function SignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  useEffect(() => {
    if (!signingOut) {
      signingOut = (getToken() ? endSession() : Promise.resolve())
        .catch(() => undefined)
        .then(() => mutate(() => true, undefined, { revalidate: false }))
        .then(() => undefined);
    }
    let active = true;
    void signingOut.then(() => {
      signingOut = null;
      if (active) navigate('/login', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [mutate, navigate]);

  return (
    <Center minH="50vh" data-testid="signout-page">
      <Stack align="center" gap="3">
        <Spinner color="teal.600" />
        <Text>{t('auth.signout.message')}</Text>
      </Stack>
    </Center>
  );
}
