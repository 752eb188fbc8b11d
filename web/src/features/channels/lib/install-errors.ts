/** Text of a failed install or link (the API's messages, translated where the spec names them). */
import { type Envelope, messageOf } from '@/lib/api';
import { ResponseStatus } from '@/lib/response-status';
import { ALREADY_EXISTS_MESSAGE } from './store-url';

/**
 * The API's answer when WooCommerce's key grant cannot reach this Dropline: WooCommerce posts the
 * keys only to an HTTPS address, so an owner on plain HTTP pastes REST API keys instead.
 */
export const WOO_KEY_GRANT_NEEDS_HTTPS = 'WooCommerceKeyGrantNeedsHttps';

export function installErrorKey(res: Pick<Envelope, 'status' | 'message' | 'errors'>): { key: string } | { text: string } {
  if (res.message === ALREADY_EXISTS_MESSAGE || messageOf(res) === ALREADY_EXISTS_MESSAGE)
    return { key: 'channels.errors.StoreAlreadyExistsInThisAccount' };
  if (messageOf(res) === WOO_KEY_GRANT_NEEDS_HTTPS) return { key: 'channels.errors.wooKeyGrantNeedsHttps' };
  if (res.status === ResponseStatus.STORE_EXIST_ANOTHER_OWNER) return { key: 'channels.errors.storeOwnedElsewhere' };
  if (res.status === ResponseStatus.STORE_INSTALL_FAILURE) return { key: 'channels.errors.installFailure' };
  const text = messageOf(res);
  return text ? { text } : { key: 'channels.errors.generic' };
}
