import { describe, expect, it } from 'vitest';
import { formatPlanMonthly } from '@/lib/money';
import type { CurrentPlan, Package } from '../types';
import { makePackage } from './package-fixture';
import { chargeOutcome, cycleOf, formatDay, initialCycle, planAction, plansFor, usagePercent, yearlySaving } from './plans';

const pkg = makePackage;

const FREE = pkg('FREE_ORDER_FULFILLMENT_2', 'Free', 0, 30);
const PRO = pkg('PRO_DROPLINE_AO_TIER_1', 'Pro', 29.9, 30);
const PRO_Y = pkg('PRO_DROPLINE_AO_TIER_1_YEARLY', 'Pro', 299, 365);
const ENT = pkg('ENTERPRISE_DROPLINE_AO', 'Enterprise', 99, 30);
const ALL = [ENT, PRO_Y, FREE, PRO];
const on = (p: Package, extra: Partial<CurrentPlan> = {}): CurrentPlan => ({
  package: p,
  subscription: null,
  provider_payment: 'stripe',
  test_mode: false,
  ...extra,
});

describe('plan rules', () => {
  it('reads 30 days as Monthly and any other cycle as Yearly (spec section 9)', () => {
    expect(cycleOf(30)).toBe('monthly');
    expect(cycleOf(365)).toBe('yearly');
    expect(cycleOf(360)).toBe('yearly');
  });

  it('shows prices as dollars with one decimal per month, a yearly price spread over 12 months', () => {
    expect(formatPlanMonthly(29.9, 30)).toBe('$29.9');
    expect(formatPlanMonthly(99, 30)).toBe('$99.0');
    expect(formatPlanMonthly(299, 365)).toBe('$24.9');
    expect(formatPlanMonthly(29.9, 30, 'de')).toBe('$29,9');
    expect(formatPlanMonthly(29.9, 30, 'ar')).toBe('\u2066$29.9\u2069');
  });

  it('lists the free plan and the chosen cycle’s paid plans, cheapest first', () => {
    expect(plansFor(ALL, 'monthly').map((p) => p.key)).toEqual([FREE.key, PRO.key, ENT.key]);
    expect(plansFor(ALL, 'yearly').map((p) => p.key)).toEqual([FREE.key, PRO_Y.key]);
    expect(yearlySaving(ALL, PRO_Y)).toBe(17);
    expect(yearlySaving(ALL, PRO)).toBe(0);
  });

  it('opens on the current plan’s cycle', () => {
    expect(initialCycle(undefined)).toBe('monthly');
    expect(initialCycle(on(PRO_Y))).toBe('yearly');
  });

  it('marks the current plan and tells upgrades from downgrades', () => {
    expect(planAction(PRO, on(FREE))).toBe('upgrade');
    expect(planAction(FREE, on(FREE))).toBe('current');
    expect(planAction(PRO, on(ENT))).toBe('downgrade');
    expect(planAction(PRO_Y, on(PRO))).toBe('upgrade');
    const pending = on(ENT, {
      subscription: {
        status: 'active',
        provider: 'stripe',
        plan_key: ENT.key,
        cycle: 'monthly',
        cancel_at_period_end: false,
        pending_plan_key: PRO.key,
      },
    });
    expect(planAction(PRO, pending)).toBe('pending');
  });

  it('follows the checkout address when there is one, else waits for the effective date', () => {
    expect(chargeOutcome({ url: 'https://pay.example/c/1' })).toEqual({ kind: 'checkout', url: 'https://pay.example/c/1' });
    expect(chargeOutcome({ url: null, pending_plan_key: PRO.key, effective_at: '2026-12-25T00:00:00Z' })).toEqual({
      kind: 'scheduled',
      planKey: PRO.key,
      at: '2026-12-25T00:00:00Z',
    });
  });

  it('fills usage bars only for limited quotas', () => {
    expect(usagePercent(50, 10)).toBe(20);
    expect(usagePercent(20, 25)).toBe(100);
    expect(usagePercent(-1, 500)).toBe(0);
    expect(usagePercent(0, 0)).toBe(0);
  });

  it('writes dates in the reader’s language', () => {
    expect(formatDay('2026-12-25T00:00:00Z', 'en')).toMatch(/Dec 2[45], 2026/);
    expect(formatDay('2026-12-25T12:00:00Z', 'de')).toContain('Dez');
    expect(formatDay(null, 'en')).toBe('--');
  });
});
