import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { once } from '@/lib/once';
import { finishSocialSignIn, startSession } from '../api/auth';
import { landingAfterSignUp } from '../landing';
import { AuthCard } from './auth-card';

/** /auth/{social}/callback?code=..&state=..: where the provider sends the browser back. */
export function SocialCallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { social = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const [failed, setFailed] = useState(!code || !state);

  useEffect(() => {
    if (!code || !state) return;
    let active = true;
    once(`social/${social}/${state}`, () => finishSocialSignIn(social, code, state)).then(async (res) => {
      if (!active) return;
      if (res.success && res.data) {
        await startSession(res.data);
        navigate(landingAfterSignUp(res.data.user), { replace: true });
      } else {
        setFailed(true);
      }
    });
    return () => {
      active = false;
    };
  }, [social, code, state, navigate]);

  const provider = social === 'facebook' ? 'Facebook' : 'Google';
  return (
    <AuthCard testId="social-callback-page" title={t('auth.social.title', { provider })}>
      {failed ? (
        <Stack gap="4">
          <Text data-testid="social-callback-error">{t('auth.social.failed', { provider })}</Text>
          <Button asChild colorPalette="teal">
            <RouterLink to="/login">{t('auth.emailSent.backToLogin')}</RouterLink>
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" align="center" gap="3">
          <Spinner color="teal.600" />
          <Text>{t('auth.social.signingIn')}</Text>
        </Stack>
      )}
    </AuthCard>
  );
}
