/**
 * Amounts in the workspace's display currency (spec: display currency follows the workspace
 * currency). Dropline keeps supplier costs and edited prices in USD and stores sell in their own
 * currency; a page carries the USD rates keyed "USD" + code (spec section 3), and amounts go
 * through USD into the display currency. Without a rate there is no conversion (null), never a
 * dollar figure labelled as euros.
 */
import { round2 } from './money';

export interface DisplayRates {
  currency: string;
  rates: Record<string, number>;
}

const rateOf = (display: DisplayRates | undefined, code: string): number | undefined => {
  if (code.toUpperCase() === 'USD') return 1;
  const r = display?.rates[`USD${code.toUpperCase()}`];
  return r && Number.isFinite(r) && r > 0 ? r : undefined;
};

/** `amount` of `from` in the display currency, or null when either rate is missing. */
export function convert(amount: number | null, from: string, display: DisplayRates | undefined): number | null {
  if (amount === null) return null;
  const target = display?.currency ?? 'USD';
  if (from.toUpperCase() === target.toUpperCase()) return amount;
  const a = rateOf(display, from);
  const b = rateOf(display, target);
  if (a === undefined || b === undefined) return null;
  return round2((amount / a) * b);
}
