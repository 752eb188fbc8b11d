import { Button, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { notify } from '@/lib/toaster';
import { resetPassword } from '../api/auth';
import { MIN_PASSWORD_LENGTH, fieldErrors } from '../validation';
import { AuthCard } from './auth-card';
import { AuthForm, PasswordField } from './auth-form';

/** /reset-password?token=..: sets a new password, then opens /login. */
export function ResetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (password.length < MIN_PASSWORD_LENGTH) next.password = t('validation.passwordLength', { min: MIN_PASSWORD_LENGTH });
    else if (confirm !== password) next.confirm = t('validation.passwordMismatch');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    const res = await resetPassword(token, password);
    setBusy(false);
    if (res.success) {
      notify('success', t('auth.reset.success'));
      navigate('/login', { replace: true });
      return;
    }
    setErrors(fieldErrors(res.errors));
  }

  if (!token) {
    return (
      <AuthCard testId="reset-password-page" title={t('auth.reset.title')}>
        <Stack gap="4">
          <Text>{t('auth.reset.missingToken')}</Text>
          <Button asChild colorPalette="teal">
            <RouterLink to="/forgot-password">{t('auth.forgot.submit')}</RouterLink>
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard testId="reset-password-page" title={t('auth.reset.title')}>
      <AuthForm onSubmit={onSubmit} submit={{ label: t('auth.reset.submit'), testId: 'reset-submit', busy }} backToLogin>
        <PasswordField
          label={t('auth.fields.newPassword')}
          error={errors.password}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
          testId="reset-password"
        />
        <PasswordField
          label={t('auth.fields.confirmPassword')}
          error={errors.confirm ?? errors.token}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          autoComplete="new-password"
          testId="reset-confirm"
        />
      </AuthForm>
    </AuthCard>
  );
}
