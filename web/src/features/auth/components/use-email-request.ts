import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Envelope } from '@/lib/api';
import { fieldErrors, isValidEmail } from '../validation';

/**
 * A form that sends one email to the typed address (a verification or reset link), then opens
 * `sentPath` (the "check your email" page) for it; a bad address is the field's error.
 */
export function useEmailRequest(send: (email: string) => Promise<Envelope<unknown>>, sentPath: string, initial = '') {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState(initial);
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
    const res = await send(email.trim());
    setBusy(false);
    if (res.success) {
      navigate(`${sentPath}?email=${encodeURIComponent(email.trim())}`);
      return;
    }
    setError(fieldErrors(res.errors).email ?? null);
  }

  return { email, setEmail, error, busy, onSubmit };
}
