import { Alert, Button, Input, Link } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { FormField } from '@/components/form-field';
import { ResponseStatus } from '@/lib/api';
import { login, sendVerificationEmail, startSession } from '../api/auth';
import { fieldErrors, isValidEmail } from '../validation';
import { AuthCard } from './auth-card';
import { AuthForm, AuthSwitchLink, PasswordField } from './auth-form';
import { SocialButtons } from './social-buttons';

/** Where to go after signing in: a same-site `redirect` query value under /app, else /app. */
export function redirectTarget(value: string | null): string {
  return value && value.startsWith('/app') && !value.startsWith('//') ? value : '/app';
}

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [notVerified, setNotVerified] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!isValidEmail(email)) next.email = t('validation.email');
    if (!password) next.password = t('validation.required');
    setErrors(next);
    setNotVerified(false);
    setNotice(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    const res = await login({ email: email.trim(), password });
    if (res.success && res.data) {
      await startSession(res.data);
      navigate(redirectTarget(params.get('redirect')), { replace: true });
      return;
    }
    setBusy(false);
    setErrors(fieldErrors(res.errors));
    if (res.status === ResponseStatus.EMAIL_NOT_VERIFIED) setNotVerified(true);
    if (res.status === ResponseStatus.RATE_LIMIT) setNotice(t('auth.login.rateLimited'));
  }

  async function onResend() {
    setBusy(true);
    await sendVerificationEmail(email.trim());
    setBusy(false);
    navigate(`/signup/email-resend?email=${encodeURIComponent(email.trim())}`);
  }

  return (
    <AuthCard
      testId="login-page"
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={<AuthSwitchLink question={t('auth.login.noAccount')} link={t('auth.login.signupLink')} to="/signup" />}
    >
      <SocialButtons />
      <AuthForm onSubmit={onSubmit} submit={{ label: t('auth.login.submit'), testId: 'login-submit', busy }}>
        {notVerified ? (
          <Alert.Root status="warning" data-testid="login-not-verified">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{t('auth.login.notVerified')}</Alert.Description>
              <Button mt="2" size="sm" variant="outline" onClick={onResend} loading={busy} data-testid="login-resend">
                {t('auth.login.resend')}
              </Button>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {notice ? (
          <Alert.Root status="error" data-testid="login-notice">
            <Alert.Indicator />
            <Alert.Description>{notice}</Alert.Description>
          </Alert.Root>
        ) : null}
        <FormField label={t('auth.fields.email')} error={errors.email}>
          <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="login-email" />
        </FormField>
        <PasswordField
          label={t('auth.fields.password')}
          error={errors.password}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          testId="login-password"
        />
        <Link asChild alignSelf="flex-end" fontSize="sm" color="teal.700">
          <RouterLink to="/forgot-password">{t('auth.login.forgot')}</RouterLink>
        </Link>
      </AuthForm>
    </AuthCard>
  );
}
