/** Import on a card (spec section 4): idle, importing, imported; quota expired or bad request mark an error. */
import { type Envelope, ResponseStatus, messageOf } from '@/lib/api';

export type CardImportState =
  | { status: 'idle' }
  | { status: 'importing' }
  | { status: 'imported'; id: string | null }
  | { status: 'error'; message: string; quota: boolean };

export const IDLE: CardImportState = { status: 'idle' };

/** Server message shown when the import quota is used up (spec section 8 quota prompts). */
export const QUOTA_PROMPT = 'UpgradeToContinueImportingMoreProducts';

/** Server message of an import of a product the workplace already has. */
export const ALREADY_IMPORTED = 'ProductAlreadyImported';

/** The card state an import answer leads to. */
export function importOutcome(envelope: Envelope<{ id?: string | number } | null>): CardImportState {
  if (envelope.success && envelope.status === ResponseStatus.OK) {
    const id = envelope.data?.id;
    return { status: 'imported', id: id === undefined || id === null ? null : String(id) };
  }
  // Imported meanwhile (another tab, another member): the card says so instead of failing.
  if (messageOf(envelope) === ALREADY_IMPORTED) return { status: 'imported', id: null };
  if (envelope.status === ResponseStatus.QUOTA_EXPIRED) return { status: 'error', message: QUOTA_PROMPT, quota: true };
  return { status: 'error', message: messageOf(envelope) || 'ImportFailed', quota: false };
}

/** The state of a card: its own import, else imported when the server says so. */
export function cardState(local: CardImportState | undefined, serverImported: boolean, packageId?: string | null): CardImportState {
  if (local && local.status !== 'idle') return local;
  return serverImported ? { status: 'imported', id: packageId ?? null } : IDLE;
}
