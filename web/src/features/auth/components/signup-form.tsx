import { Input, SimpleGrid } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField } from '@/components/form-field';
import { register } from '../api/auth';
import { MIN_PASSWORD_LENGTH, fieldErrors, isValidEmail } from '../validation';
import { AuthCard } from './auth-card';
import { AuthForm, AuthSwitchLink, PasswordField } from './auth-form';
import { SocialButtons } from './social-buttons';

export function SignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState({ first_name: '', last_name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((prev) => ({ ...prev, [field]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!form.first_name.trim()) next.first_name = t('validation.required');
    if (!form.last_name.trim()) next.last_name = t('validation.required');
    if (!isValidEmail(form.email)) next.email = t('validation.email');
    if (form.password.length < MIN_PASSWORD_LENGTH) next.password = t('validation.passwordLength', { min: MIN_PASSWORD_LENGTH });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    const email = form.email.trim();
    const res = await register({ ...form, first_name: form.first_name.trim(), last_name: form.last_name.trim(), email });
    setBusy(false);
    if (res.success) {
      navigate(`/signup/email-resend?email=${encodeURIComponent(email)}`);
      return;
    }
    setErrors(fieldErrors(res.errors));
  }

  return (
    <AuthCard
      testId="signup-page"
      title={t('auth.signup.title')}
      subtitle={t('auth.signup.subtitle')}
      footer={<AuthSwitchLink question={t('auth.signup.haveAccount')} link={t('auth.signup.loginLink')} to="/login" />}
    >
      <SocialButtons />
      <AuthForm onSubmit={onSubmit} submit={{ label: t('auth.signup.submit'), testId: 'signup-submit', busy }}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label={t('auth.fields.firstName')} error={errors.first_name}>
            <Input autoComplete="given-name" value={form.first_name} onChange={set('first_name')} data-testid="signup-first-name" />
          </FormField>
          <FormField label={t('auth.fields.lastName')} error={errors.last_name}>
            <Input autoComplete="family-name" value={form.last_name} onChange={set('last_name')} data-testid="signup-last-name" />
          </FormField>
        </SimpleGrid>
        <FormField label={t('auth.fields.email')} error={errors.email}>
          <Input type="email" autoComplete="email" value={form.email} onChange={set('email')} data-testid="signup-email" />
        </FormField>
        <PasswordField
          label={t('auth.fields.password')}
          error={errors.password}
          value={form.password}
          onChange={set('password')}
          autoComplete="new-password"
          testId="signup-password"
        />
      </AuthForm>
    </AuthCard>
  );
}
