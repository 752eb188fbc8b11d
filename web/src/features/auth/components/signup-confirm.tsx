import { Input, List } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormField } from '@/components/form-field';
import { sendVerificationEmail } from '../api/auth';
import { AuthCard } from './auth-card';
import { AuthForm } from './auth-form';
import { useEmailRequest } from './use-email-request';

const STEPS = ['inbox', 'link', 'signin'] as const;

/**
 * `/signup/confirm`: how a new account is confirmed (the emailed link), and a new link for an
 * address whose email went missing; the "email sent" page follows, as after signing up.
 */
export function SignupConfirm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { email, setEmail, error, busy, onSubmit } = useEmailRequest(
    sendVerificationEmail,
    '/signup/email-resend',
    params.get('email')?.trim() ?? '',
  );

  return (
    <AuthCard testId="signup-confirm-page" title={t('auth.confirm.title')} subtitle={t('auth.confirm.subtitle')}>
      <List.Root as="ol" ps="5" gap="1.5" mb="6" fontSize="sm" data-testid="signup-confirm-steps">
        {STEPS.map((step) => (
          <List.Item key={step}>{t(`auth.confirm.steps.${step}`)}</List.Item>
        ))}
      </List.Root>
      <AuthForm onSubmit={onSubmit} submit={{ label: t('auth.confirm.submit'), testId: 'signup-confirm-submit', busy }} backToLogin>
        <FormField label={t('auth.fields.email')} error={error}>
          <Input
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-testid="signup-confirm-email"
          />
        </FormField>
      </AuthForm>
    </AuthCard>
  );
}
