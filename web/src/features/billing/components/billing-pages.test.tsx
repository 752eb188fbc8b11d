import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BillingHiddenContext, UpgradePrompt } from '@/components/upgrade-prompt';
import { type MockCall, mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { makePackage } from '../lib/package-fixture';
import { BillingPage } from './billing-page';
import { ChangePlanPage, goTo } from './change-plan-page';

const feature = (limit: number, usage = 0) => ({ limit, usage });
const pkg = makePackage;
const FREE = pkg('FREE_ORDER_FULFILLMENT_2', 'Free', 0, 30, { IMPORT_PRODUCT: feature(50, 12), BULK_ORDER_FULFILLMENT: feature(0) });
const PRO = pkg('PRO_DROPLINE_AO_TIER_1', 'Pro', 29.9, 30, { IMPORT_PRODUCT: feature(-1), LISTING_PRODUCTS: feature(1000, 40) });
const PRO_Y = pkg('PRO_DROPLINE_AO_TIER_1_YEARLY', 'Pro', 299, 365, { IMPORT_PRODUCT: feature(-1) });

let current: unknown;
let charge: unknown;
let calls: MockCall[];

beforeEach(() => {
  current = { package: FREE, subscription: null, provider_payment: 'stripe' };
  charge = { url: 'https://vendor.example/checkout/cs_1', pending_plan_key: null, effective_at: null };
  calls = mockApi((c) => {
    if (c.path === 'payments/pricing') return { data: { packages: [FREE, PRO, PRO_Y] } };
    if (c.path === 'payments/user/current-plan') return { data: current };
    if (c.path === 'payments/charge-subscription') return { data: charge };
    if (c.path === 'payments/user/payment-logs') {
      return {
        data: {
          items: [
            {
              id: 1,
              created_at: '2026-11-02T10:00:00Z',
              description: 'Pro (monthly)',
              amount: 29.9,
              currency: 'USD',
              status: 'paid',
              kind: 'invoice',
            },
          ],
          total: 1,
        },
      };
    }
    if (c.path === 'payments/cancel-subscription') {
      return {
        data: {
          status: 'active',
          provider: 'stripe',
          plan_key: PRO.key,
          cycle: 'monthly',
          cancel_at_period_end: true,
          current_period_end: '2026-12-02T10:00:00Z',
        },
      };
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('change plan', () => {
  it('shows the plans side by side with monthly prices, the current one marked, and a yearly switch', async () => {
    renderRoute(<ChangePlanPage />);
    const cards = await screen.findAllByTestId('plan-card');
    expect(cards.map((c) => c.getAttribute('data-key'))).toEqual([FREE.key, PRO.key]);
    expect(within(cards[1]!).getByTestId('plan-price').textContent).toBe('$29.9');
    await waitFor(() => expect(cards[0]!.getAttribute('data-current')).toBe('true'));
    expect(within(cards[1]!).getByTestId('plan-cycle').textContent).toBe('Billed monthly');
    fireEvent.click(screen.getByTestId('cycle-yearly'));
    const yearly = screen.getAllByTestId('plan-card');
    expect(yearly.map((c) => c.getAttribute('data-key'))).toEqual([FREE.key, PRO_Y.key]);
    expect(within(yearly[1]!).getByTestId('plan-price').textContent).toBe('$24.9');
    expect(within(yearly[1]!).getByText('Save 17%')).toBeTruthy();
  });

  it('sends the owner to the vendor’s checkout for the chosen plan', async () => {
    const go = vi.spyOn(goTo, 'url').mockImplementation(() => {});
    renderRoute(<ChangePlanPage />);
    const cards = await screen.findAllByTestId('plan-card');
    const choose = within(cards[1]!).getByTestId('plan-choose');
    await waitFor(() => expect((choose as HTMLButtonElement).disabled).toBe(false));
    expect(choose.textContent).toBe('Upgrade to Pro');
    fireEvent.click(choose);
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://vendor.example/checkout/cs_1'));
    expect(calls.find((c) => c.path === 'payments/charge-subscription')?.body).toEqual({ package_key: PRO.key });
  });

  it('tells when a downgrade takes effect instead of leaving', async () => {
    current = {
      package: PRO,
      subscription: { status: 'active', provider: 'stripe', plan_key: PRO.key, cycle: 'monthly', cancel_at_period_end: false },
    };
    charge = { url: null, pending_plan_key: FREE.key, effective_at: '2026-12-20T12:00:00Z' };
    const go = vi.spyOn(goTo, 'url').mockImplementation(() => {});
    renderRoute(<ChangePlanPage />);
    const cards = await screen.findAllByTestId('plan-card');
    await waitFor(() => expect(cards[1]!.getAttribute('data-current')).toBe('true'));
    fireEvent.click(within(cards[0]!).getByTestId('plan-choose'));
    expect((await screen.findByTestId('plan-scheduled')).textContent).toBe('You move to Free on Dec 20, 2026, when your paid period ends.');
    expect(go).not.toHaveBeenCalled();
  });
});

describe('billing page', () => {
  it('shows the plan, usage bars, the next charge and the payments; cancelling gives the end date', async () => {
    current = {
      package: PRO,
      subscription: {
        status: 'active',
        provider: 'stripe',
        plan_key: PRO.key,
        cycle: 'monthly',
        cancel_at_period_end: false,
        current_period_end: '2026-12-02T10:00:00Z',
        next_charge: { amount: 29.9, currency: 'USD', at: '2026-12-02T10:00:00Z' },
      },
    };
    renderRoute(<BillingPage />);
    expect((await screen.findByTestId('billing-next-charge')).textContent).toBe('Next charge: $29.90 on Dec 2, 2026');
    expect(screen.queryByTestId('billing-test-mode')).toBeNull();
    expect(screen.getByTestId('usage-bar-LISTING_PRODUCTS').textContent).toContain('40 / 1000');
    expect(screen.getByTestId('usage-bar-IMPORT_PRODUCT').textContent).toContain('Unlimited');
    expect((await screen.findByTestId('payment-log')).textContent).toContain('Pro (monthly)');
    fireEvent.click(screen.getByTestId('billing-cancel'));
    const dialog = await screen.findByTestId('billing-cancel-dialog');
    expect(dialog.textContent).toContain('You keep your plan until Dec 2, 2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'payments/cancel-subscription' && c.method === 'POST')).toBe(true));
  });

  it('tells an owner in test mode that test cards pay and no money is taken', async () => {
    current = { package: FREE, subscription: null, provider_payment: 'stripe', test_mode: true };
    renderRoute(<BillingPage />);
    expect((await screen.findByTestId('billing-test-mode')).textContent).toContain('test cards');
  });
});

describe('upgrade prompt', () => {
  it('says the gate in words with a link to change plan', () => {
    renderRoute(<UpgradePrompt prompt="BulkOrderPlacementIsDisabled" />);
    expect(screen.getByText('Placing several orders at once is not included in your plan')).toBeTruthy();
    expect(screen.getByTestId('upgrade-prompt-link').getAttribute('href')).toBe('/app/setting/billing-plan/change-plan');
  });

  it('says "Limit quota exceeded" without an upgrade when billing is hidden', () => {
    renderRoute(
      <BillingHiddenContext.Provider value>
        <UpgradePrompt prompt="UpgradeToContinueListingProducts" />
      </BillingHiddenContext.Provider>,
    );
    expect(screen.getByText('Limit quota exceeded')).toBeTruthy();
    expect(screen.queryByTestId('upgrade-prompt-link')).toBeNull();
  });
});
