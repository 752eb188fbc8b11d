import { Button, Input, Link, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormField } from '@/components/form-field';
import { forgotPassword } from '../api/auth';
import { fieldErrors, isValidEmail } from '../validation';
import { AuthCard } from './auth-card';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError(t('validation.email'));
      return;
    }
    setError(null);
    setBusy(true);
    const res = await forgotPassword(email.trim());
    setBusy(false);
    if (res.success) {
      navigate(`/forgot-password/email-resend?email=${encodeURIComponent(email.trim())}`);
      return;
    }
    setError(fieldErrors(res.errors).email ?? null);
  }

  return (
    <AuthCard testId="forgot-password-page" title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField label={t('auth.fields.email')} error={error}>
            <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="forgot-email" />
          </FormField>
          <Button type="submit" colorPalette="teal" loading={busy} data-testid="forgot-submit">
            {t('auth.forgot.submit')}
          </Button>
          <Link asChild color="teal.700" alignSelf="center" fontSize="sm">
            <RouterLink to="/login">{t('auth.emailSent.backToLogin')}</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
