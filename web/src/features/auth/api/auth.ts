import { api } from '@/lib/api';
import { changeLanguage, isSupportedLanguage } from '@/lib/i18n';
import { clearSession, setToken, setWorkplaceId } from '@/lib/storage';
import type { AuthSession } from '@/types/api';

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

export const login = (input: LoginInput) => api.post<AuthSession>('auth/login', input);
export const register = (input: RegisterInput) => api.post<{ id: string; email: string }>('auth/register', input);
export const verifyEmail = (id: string, code: string) =>
  api.get<AuthSession>(`auth/verify-email/${encodeURIComponent(id)}/${encodeURIComponent(code)}/`);
export const sendVerificationEmail = (email: string) => api.post<null>('auth/send-verification-email', { email });
export const forgotPassword = (email: string) => api.post<null>('auth/forgot-password', { email });
export const resetPassword = (token: string, password: string) => api.post<null>('auth/reset-password', { token, password });
export const logout = () => api.post<null>('auth/logout', {}, { silent: true });

/**
 * Stores the session of a successful sign-in and applies the account's language
 * (spec: the account's `language` is applied at sign-in).
 */
export async function startSession(session: AuthSession): Promise<void> {
  clearSession();
  setToken(session.token);
  const firstWorkplace = session.user?.workplaces?.[0];
  if (firstWorkplace) setWorkplaceId(firstWorkplace.id);
  if (isSupportedLanguage(session.user?.language)) await changeLanguage(session.user.language);
}

/** Ends the session on the server (best effort) and locally. */
export async function endSession(): Promise<void> {
  try {
    await logout();
  } finally {
    clearSession();
  }
}

export type SocialProvider = 'google' | 'facebook';
export const startSocialSignIn = (provider: SocialProvider) => api.get<{ url: string }>(`auth/social/${provider}`);
export const finishSocialSignIn = (provider: string, code: string, state: string) =>
  api.get<AuthSession>(`auth/callback/${encodeURIComponent(provider)}?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`);
