/** The plan pages' rules (spec sections 3, 4 and 9), apart from React so they are tested alone. */
import type { ChargeReply, CurrentPlan, Package } from '../types';

export type Cycle = 'monthly' | 'yearly';

/** Spec section 9: 30 days is Monthly, anything else Yearly. */
export function cycleOf(cycle: number): Cycle {
  return cycle === 30 ? 'monthly' : 'yearly';
}

/**
 * The plans shown side by side for one cycle: the free plan in both, paid plans of that cycle,
 * cheapest first.
 */
export function plansFor(packages: readonly Package[], cycle: Cycle): Package[] {
  return packages.filter((p) => p.is_free || cycleOf(p.cycle) === cycle).sort((a, b) => a.price - b.price);
}

/** The cycle to open the change-plan page on: the current plan's, monthly when free. */
export function initialCycle(current: CurrentPlan | undefined): Cycle {
  return current && !current.package.is_free ? cycleOf(current.package.cycle) : 'monthly';
}

/** The percent a yearly plan saves against twelve monthly payments of the plan of the same name. */
export function yearlySaving(packages: readonly Package[], yearly: Package): number {
  const monthly = packages.find((p) => p.name === yearly.name && cycleOf(p.cycle) === 'monthly');
  if (!monthly || monthly.price <= 0 || cycleOf(yearly.cycle) !== 'yearly') return 0;
  return Math.max(0, Math.round((1 - yearly.price / (12 * monthly.price)) * 100));
}

export type ChargeOutcome = { kind: 'checkout'; url: string } | { kind: 'scheduled'; planKey: string | null; at: string | null };

/** `charge-subscription`: pay on the vendor's page when it gives one, else the change waits for `effective_at`. */
export function chargeOutcome(reply: ChargeReply): ChargeOutcome {
  if (reply.url) return { kind: 'checkout', url: reply.url };
  return { kind: 'scheduled', planKey: reply.pending_plan_key ?? null, at: reply.effective_at ?? null };
}

/** What the choose button of a plan says. */
export type PlanAction = 'current' | 'upgrade' | 'downgrade' | 'pending';

export function planAction(plan: Package, current: CurrentPlan | undefined): PlanAction {
  if (!current) return 'upgrade';
  if (plan.key === current.package.key) return 'current';
  if (current.subscription?.pending_plan_key === plan.key) return 'pending';
  return plan.price > current.package.price || (plan.price === current.package.price && plan.cycle > current.package.cycle)
    ? 'upgrade'
    : 'downgrade';
}

/** Percent of a limited quota used (0 for unlimited or none), capped at 100. */
export function usagePercent(limit: number, usage: number): number {
  if (limit <= 0) return 0;
  return Math.min(100, Math.round((usage / limit) * 100));
}

/** A date in the reader's language ("25 Nov 2026", "٢٥ نوفمبر ٢٠٢٦"); "--" when missing or bad. */
export function formatDay(value: string | null | undefined, locale: string): string {
  if (!value) return '--';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '--';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/** A plan's name in the reader's language where the locale names it (the free plans), else the catalogue's. */
export function planName(t: (key: string, options: { defaultValue: string }) => string, plan: Pick<Package, 'key' | 'name'>): string {
  return t(`billing.planNames.${plan.key}`, { defaultValue: plan.name });
}
