/** The balance chart's bars: heights relative to the largest balance of the period. */
import { toAmount } from '@/lib/money';
import type { ChartPoint } from '@/types/wallet';

export interface Bar {
  date: string;
  balance: number;
  topup: number;
  spent: number;
  /** 0..1 */
  height: number;
}

export function chartBars(points: readonly ChartPoint[]): Bar[] {
  const rows = points.map((p) => ({
    date: p.date,
    balance: toAmount(p.balance) ?? 0,
    topup: toAmount(p.topup) ?? 0,
    spent: toAmount(p.spent) ?? 0,
  }));
  const max = Math.max(0, ...rows.map((r) => r.balance));
  return rows.map((r) => ({ ...r, height: max > 0 ? Math.max(0, r.balance) / max : 0 }));
}

/** A top-up amount the API takes: 10 to 10,000 with at most 2 decimals. */
export function validTopup(amount: number | null, min = 10, max = 10_000): boolean {
  return amount !== null && Number.isFinite(amount) && amount >= min && amount <= max && Math.round(amount * 100) === amount * 100;
}
