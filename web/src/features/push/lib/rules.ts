/**
 * Push rules of the modal (spec sections 5 and 6): who may push, when the Push button is
 * disabled, and what blocks a click.
 */
import { type Envelope, ResponseStatus, messageOf } from '@/lib/api';
import type { PushQuotaData } from '@/types/push';

export type PushMode = 'push' | 'update';

/** The smallest list the preview allows removing from: at 1 product, remove is disabled. */
export const canRemove = (count: number) => count >= 2;

/** Marketing users and workplaces with no store and no channel are sent to My Channel. */
export function mustGoToChannels(opts: { isMarketingUser: boolean; destinationCount: number; loading: boolean }): boolean {
  return opts.isMarketingUser || (!opts.loading && opts.destinationCount === 0);
}

export interface DisabledInput {
  loading: boolean;
  productCount: number;
  mode: PushMode;
  /** Update mode: nothing to push nor to update. */
  nothingToPush: boolean;
  outOfQuota: boolean;
}

/** Disabled while loading, with no products, in update mode with nothing to push, or out of quota. */
export function pushDisabled(i: DisabledInput): boolean {
  return i.loading || i.productCount === 0 || (i.mode === 'update' && i.nothingToPush) || i.outOfQuota;
}

/** A click with no channel ticked (except in update mode) says NeedToSelectAtLeastChannel. */
export function channelError(mode: PushMode, selectedCount: number, smartPush: boolean): 'NeedToSelectAtLeastChannel' | null {
  return mode === 'push' && !smartPush && selectedCount === 0 ? 'NeedToSelectAtLeastChannel' : null;
}

export type PushOutcome =
  { kind: 'ok' } | { kind: 'quota'; quota: PushQuotaData; message: string } | { kind: 'channels' } | { kind: 'error'; message: string };

/** What a push answer means for the modal. */
export function pushOutcome(res: Envelope<unknown>): PushOutcome {
  if (res.success && res.status === ResponseStatus.OK) return { kind: 'ok' };
  if (res.status === ResponseStatus.QUOTA_EXPIRED) {
    const d = (res.data ?? {}) as Partial<PushQuotaData>;
    return {
      kind: 'quota',
      quota: { limit: Number(d.limit ?? 0), usage: Number(d.usage ?? 0), total_push: Number(d.total_push ?? 0) },
      message: res.message,
    };
  }
  if (res.status === ResponseStatus.FORBIDDEN && res.message === 'GoToMyChannel') return { kind: 'channels' };
  return { kind: 'error', message: messageOf(res) };
}
