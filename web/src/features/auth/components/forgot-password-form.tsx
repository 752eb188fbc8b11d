import { Input } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField } from '@/components/form-field';
import { forgotPassword } from '../api/auth';
import { fieldErrors, isValidEmail } from '../validation';
import { AuthCard } from './auth-card';
import { AuthForm } from './auth-form';

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
      <AuthForm onSubmit={onSubmit} submit={{ label: t('auth.forgot.submit'), testId: 'forgot-submit', busy }} backToLogin>
        <FormField label={t('auth.fields.email')} error={error}>
          <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="forgot-email" />
        </FormField>
      </AuthForm>
    </AuthCard>
  );
}
