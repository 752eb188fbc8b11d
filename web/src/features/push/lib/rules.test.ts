import { describe, expect, it } from 'vitest';
import { canRemove, channelError, mustGoToChannels, pushDisabled, pushOutcome } from './rules';

const base = { loading: false, productCount: 2, mode: 'push' as const, nothingToPush: false, outOfQuota: false };

describe('push rules', () => {
  it('disables remove when fewer than 2 products remain', () => {
    expect(canRemove(1)).toBe(false);
    expect(canRemove(2)).toBe(true);
  });

  it('disables Push while loading, without products, with nothing to update, or out of quota', () => {
    expect(pushDisabled(base)).toBe(false);
    expect(pushDisabled({ ...base, loading: true })).toBe(true);
    expect(pushDisabled({ ...base, productCount: 0 })).toBe(true);
    expect(pushDisabled({ ...base, outOfQuota: true })).toBe(true);
    expect(pushDisabled({ ...base, nothingToPush: true })).toBe(false);
    expect(pushDisabled({ ...base, mode: 'update', nothingToPush: true })).toBe(true);
  });

  it('needs a channel, except in update mode or with smart push', () => {
    expect(channelError('push', 0, false)).toBe('NeedToSelectAtLeastChannel');
    expect(channelError('push', 1, false)).toBeNull();
    expect(channelError('update', 0, false)).toBeNull();
    expect(channelError('push', 0, true)).toBeNull();
  });

  it('sends marketing users and workplaces without a store or channel to My Channel', () => {
    expect(mustGoToChannels({ isMarketingUser: true, destinationCount: 3, loading: false })).toBe(true);
    expect(mustGoToChannels({ isMarketingUser: false, destinationCount: 0, loading: false })).toBe(true);
    expect(mustGoToChannels({ isMarketingUser: false, destinationCount: 0, loading: true })).toBe(false);
    expect(mustGoToChannels({ isMarketingUser: false, destinationCount: 1, loading: false })).toBe(false);
  });

  it('reads the push answer', () => {
    expect(pushOutcome({ status: 200, success: true, message: 'OK', data: {} })).toEqual({ kind: 'ok' });
    expect(
      pushOutcome({
        status: 401,
        success: false,
        message: 'UpgradeToContinueListingProducts',
        data: { limit: 20, usage: 18, total_push: 6 },
      }),
    ).toEqual({
      kind: 'quota',
      quota: { limit: 20, usage: 18, total_push: 6 },
      message: 'UpgradeToContinueListingProducts',
    });
    expect(pushOutcome({ status: 103, success: false, message: 'GoToMyChannel', data: null })).toEqual({ kind: 'channels' });
    expect(
      pushOutcome({
        status: 204,
        success: false,
        message: 'Unprocessable',
        data: null,
        errors: { channels: ['NeedToSelectAtLeastChannel'] },
      }),
    ).toEqual({ kind: 'error', message: 'NeedToSelectAtLeastChannel' });
  });
});
