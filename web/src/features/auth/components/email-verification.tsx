import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { once } from '@/lib/once';
import { startSession, verifyEmail } from '../api/auth';
import { landingAfterSignUp } from '../landing';
import { AuthCard } from './auth-card';

/** /auth/email-verification?id=..&code=..: verifies, signs in, opens the dashboard. */
export function EmailVerification() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const code = params.get('code') ?? '';
  const [state, setState] = useState<'pending' | 'failed' | 'missing'>(id && code ? 'pending' : 'missing');

  useEffect(() => {
    if (!id || !code) return;
    let active = true;
    once(`verify/${id}/${code}`, () => verifyEmail(id, code)).then(async (res) => {
      if (!active) return;
      if (res.success && res.data) {
        await startSession(res.data);
        navigate(landingAfterSignUp(res.data.user), { replace: true });
      } else {
        setState('failed');
      }
    });
    return () => {
      active = false;
    };
  }, [id, code, navigate]);

  return (
    <AuthCard testId="email-verification-page" title={t('auth.verify.title')}>
      {state === 'pending' ? (
        <Stack direction="row" align="center" gap="3">
          <Spinner color="teal.600" />
          <Text>{t('auth.verify.verifying')}</Text>
        </Stack>
      ) : (
        <Stack gap="4">
          <Text data-testid="email-verification-error">{state === 'missing' ? t('auth.verify.missing') : t('auth.verify.failed')}</Text>
          <Button asChild colorPalette="teal">
            <RouterLink to="/login">{t('auth.emailSent.backToLogin')}</RouterLink>
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
