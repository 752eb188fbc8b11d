import { Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { forgotPassword } from '../api/auth';
import { AuthCard } from './auth-card';
import { AuthForm } from './auth-form';
import { useEmailRequest } from './use-email-request';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const { email, setEmail, error, busy, onSubmit } = useEmailRequest(forgotPassword, '/forgot-password/email-resend');

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
