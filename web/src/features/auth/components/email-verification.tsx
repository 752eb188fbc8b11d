import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { Envelope } from '@/lib/api';
import type { AuthSession } from '@/types/api';
import { startSession, verifyEmail } from '../api/auth';
import { AuthCard } from './auth-card';

/** One request per link even if the effect runs twice (React strict mode): codes may be single-use. */
const inflight = new Map<string, Promise<Envelope<AuthSession>>>();

function verifyOnce(id: string, code: string) {
  const key = `${id}/${code}`;
  let pending = inflight.get(key);
  if (!pending) {
    pending = verifyEmail(id, code);
    inflight.set(key, pending);
  }
  return pending;
}

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
    verifyOnce(id, code).then(async (res) => {
      if (!active) return;
      if (res.success && res.data) {
        await startSession(res.data);
        navigate('/app', { replace: true });
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
          <Text data-testid="email-verification-error">
            {state === 'missing' ? t('auth.verify.missing') : t('auth.verify.failed')}
          </Text>
          <Button asChild colorPalette="teal">
            <RouterLink to="/login">{t('auth.emailSent.backToLogin')}</RouterLink>
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
