import type { Account } from '@/types/api';

/** The welcome's one-time prompt key (`remaining_meta_keys`); the welcome page marks it seen. */
export const ONBOARDING_PROMPT = 'ONBOARDING';

/** Where a new sign-in lands: the onboarding welcome for an owner who has not started yet, else home. */
export function landingAfterSignUp(account: Pick<Account, 'onboarding_enabled' | 'remaining_meta_keys'> | undefined): string {
  return account?.onboarding_enabled && account.remaining_meta_keys.includes(ONBOARDING_PROMPT) ? '/app/ob-welcome' : '/app';
}
