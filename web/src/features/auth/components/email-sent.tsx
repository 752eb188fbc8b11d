import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { notify } from '@/lib/toaster';
import { forgotPassword, sendVerificationEmail } from '../api/auth';
import { AuthCard } from './auth-card';

interface EmailSentProps {
  /** `signup`: verification email; `forgot`: password reset email. */
  variant: 'signup' | 'forgot';
}

/** "Check your email" screen with a resend button (/signup/email-resend, /forgot-password/email-resend). */
export function EmailSent({ variant }: EmailSentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const [busy, setBusy] = useState(false);

  async function onResend() {
    if (!email) return;
    setBusy(true);
    const res = variant === 'signup' ? await sendVerificationEmail(email) : await forgotPassword(email);
    setBusy(false);
    if (res.success) notify('success', t('auth.emailSent.resent'));
  }

  const body = variant === 'signup' ? 'auth.emailSent.signupBody' : 'auth.emailSent.forgotBody';
  return (
    <AuthCard testId="email-sent-page" title={t('auth.emailSent.title')}>
      <Stack gap="5">
        <Text data-testid="email-sent-body">{t(body, { email: email || t('auth.emailSent.yourAddress') })}</Text>
        {email ? (
          <Stack gap="2">
            <Text color="fg.muted" fontSize="sm">
              {t('auth.emailSent.noEmail')}
            </Text>
            <Button variant="outline" colorPalette="teal" onClick={onResend} loading={busy} data-testid="email-resend">
              {t('auth.emailSent.resend')}
            </Button>
          </Stack>
        ) : null}
        <Link asChild color="teal.700" fontWeight="semibold" alignSelf="center">
          <RouterLink to="/login">{t('auth.emailSent.backToLogin')}</RouterLink>
        </Link>
      </Stack>
    </AuthCard>
  );
}
