import { describe, expect, it } from 'vitest';
import type { AutomationSettings } from '@/types/push';
import {
  DEFAULT_AUTOMATION,
  clockMinutes,
  hasSmartPushTargets,
  inWindow,
  isSmartPushActive,
  localToUtc,
  minutesOf,
  smartPushChannels,
  utcToLocal,
  withAutoPush,
} from './smart-push';

const at = (hh: number, mm: number) => new Date(2026, 0, 15, hh, mm);
const windowed = (from: string, to: string, over: Partial<AutomationSettings> = {}): AutomationSettings => ({
  ...DEFAULT_AUTOMATION,
  time_schedule: 'time_frame',
  when: { from, to },
  time_zone: null,
  ...over,
});

describe('smart push window', () => {
  it('parses hour:minute', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('9:05')).toBe(545);
    expect(minutesOf('23:59')).toBe(1439);
    expect(minutesOf('24:00')).toBeNull();
    expect(minutesOf('12:60')).toBeNull();
    expect(minutesOf('noon')).toBeNull();
  });

  it('is in the window at or after the start and at or before the end', () => {
    expect(inWindow('09:00', '17:30', 9 * 60)).toBe(true);
    expect(inWindow('09:00', '17:30', 17 * 60 + 30)).toBe(true);
    expect(inWindow('09:00', '17:30', 8 * 60 + 59)).toBe(false);
    expect(inWindow('09:00', '17:30', 17 * 60 + 31)).toBe(false);
    expect(inWindow('bad', '17:30', 600)).toBe(false);
  });

  it('runs over midnight when the window ends before it starts', () => {
    expect(inWindow('22:00', '06:00', 23 * 60)).toBe(true);
    expect(inWindow('22:00', '06:00', 5 * 60)).toBe(true);
    expect(inWindow('22:00', '06:00', 12 * 60)).toBe(false);
  });

  it('applies only when enabled, with stores, and all day or inside the window', () => {
    expect(isSmartPushActive(DEFAULT_AUTOMATION, 1, at(3, 0))).toBe(true);
    expect(isSmartPushActive({ ...DEFAULT_AUTOMATION, is_enable: false }, 1, at(3, 0))).toBe(false);
    expect(isSmartPushActive(DEFAULT_AUTOMATION, 0, at(3, 0))).toBe(false);
    expect(isSmartPushActive(undefined, 2, at(3, 0))).toBe(false);
    expect(isSmartPushActive(windowed('09:00', '17:00'), 1, at(12, 0))).toBe(true);
    expect(isSmartPushActive(windowed('09:00', '17:00'), 1, at(17, 1))).toBe(false);
  });

  it('reads the clock in the settings time zone', () => {
    const noonUtc = new Date(Date.UTC(2026, 0, 15, 12, 0));
    expect(clockMinutes(noonUtc, 'UTC')).toBe(720);
    expect(clockMinutes(noonUtc, 'Asia/Tokyo')).toBe(21 * 60);
    expect(isSmartPushActive(windowed('20:00', '22:00', { time_zone: 'Asia/Tokyo' }), 1, noonUtc)).toBe(true);
    expect(isSmartPushActive(windowed('20:00', '22:00', { time_zone: 'UTC' }), 1, noonUtc)).toBe(false);
  });

  it('converts a time of day between local time and UTC', () => {
    expect(localToUtc('01:30', 120)).toBe('23:30');
    expect(utcToLocal('23:30', 120)).toBe('01:30');
    expect(localToUtc('12:00', -300)).toBe('17:00');
    expect(localToUtc('x', 0)).toBeNull();
  });
});

describe('smart push destinations', () => {
  const available = [
    { key: 's1', platform: 'shopify' },
    { key: 'w1', platform: 'woocommerce' },
    { key: 'facebook', platform: 'facebook' },
  ];
  const settings: AutomationSettings = {
    ...DEFAULT_AUTOMATION,
    actions: {
      pushed_connected_channels: {
        store_ids: ['s1', 'w1', 'facebook', 'gone'],
        publication_ids: ['gid://p/1'],
        publish_status: 'unpublish',
      },
    },
  };

  it('pushes to the saved destinations the workplace still has; Facebook always publishes', () => {
    expect(smartPushChannels(settings, available)).toEqual({
      s1: { is_publish: false, publications: ['gid://p/1'] },
      w1: { is_publish: false },
      facebook: { is_publish: true },
    });
    expect(hasSmartPushTargets(settings)).toBe(true);
    expect(hasSmartPushTargets(DEFAULT_AUTOMATION)).toBe(false);
  });

  it('the auto-push checkbox saves the chosen destinations and turns smart push on', () => {
    const saved = withAutoPush(
      { ...DEFAULT_AUTOMATION, is_enable: false },
      { s1: { is_publish: true, publications: ['a', 'b'] }, w1: { is_publish: false } },
      true,
    );
    expect(saved.is_enable).toBe(true);
    expect(saved.actions.pushed_connected_channels).toEqual({
      store_ids: ['s1', 'w1'],
      publication_ids: ['a', 'b'],
      publish_status: 'publish',
    });
    expect(withAutoPush(undefined, { w1: { is_publish: false } }, true).actions.pushed_connected_channels?.publish_status).toBe(
      'unpublish',
    );
    expect(withAutoPush(settings, {}, false)).toEqual({ ...settings, is_enable: false });
  });
});
