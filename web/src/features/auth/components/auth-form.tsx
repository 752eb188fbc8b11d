import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import type { ChangeEventHandler, FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormField } from '@/components/form-field';

interface AuthFormProps {
  onSubmit: (event: FormEvent) => void;
  /** The submit button's label, its test id, and whether the request is on its way. */
  submit: { label: string; testId: string; busy: boolean };
  /** A "Back to sign in" link under the button (forgot and reset password). */
  backToLogin?: boolean;
  children: ReactNode;
}

/** The form of a sign-in screen: its fields, one submit button, and the way back to sign in. */
export function AuthForm({ onSubmit, submit, backToLogin = false, children }: AuthFormProps) {
  const { t } = useTranslation();
  // noValidate: the fields are checked by our rules, with our translated messages, not the browser's.
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        {children}
        <Button type="submit" colorPalette="teal" loading={submit.busy} data-testid={submit.testId}>
          {submit.label}
        </Button>
        {backToLogin ? (
          <Link asChild color="teal.700" alignSelf="center" fontSize="sm">
            <RouterLink to="/login">{t('auth.emailSent.backToLogin')}</RouterLink>
          </Link>
        ) : null}
      </Stack>
    </form>
  );
}

interface PasswordFieldProps {
  label: string;
  error?: string | null;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  /** `current-password` to sign in, `new-password` to choose one (so password managers offer the right thing). */
  autoComplete: 'current-password' | 'new-password';
  testId: string;
}

export function PasswordField({ label, error, value, onChange, autoComplete, testId }: PasswordFieldProps) {
  return (
    <FormField label={label} error={error}>
      <Input type="password" autoComplete={autoComplete} value={value} onChange={onChange} data-testid={testId} />
    </FormField>
  );
}

/** Under the card: "No account yet? Sign up" and its reverse. */
export function AuthSwitchLink({ question, link, to }: { question: string; link: string; to: string }) {
  return (
    <Text>
      {question}{' '}
      <Link asChild color="teal.700" fontWeight="semibold">
        <RouterLink to={to}>{link}</RouterLink>
      </Link>
    </Text>
  );
}
