import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { browser } from '../api/wallet';
import { WalletPage } from './wallet-page';

function serve(policy = false) {
  return mockApi((c) => {
    if (c.path === 'payments/user/wallets')
      return { data: { balance_topup: 40, balance_bonus: 2.5, total_balance: 42.5, policy_accepted: policy } };
    if (c.path === 'payments/user/wallets/accept-policy')
      return { data: { balance_topup: 40, balance_bonus: 2.5, total_balance: 42.5, policy_accepted: true } };
    if (c.path === 'payments/user/wallets/topup')
      return { data: { url: 'http://127.0.0.1:9090/payments/checkout/cs_test_1', session_id: 'cs_test_1' } };
    if (c.path === 'payments/user/wallets/chart-summary')
      return {
        data: {
          points: [
            { date: '2026-11-20', balance: 10, topup: 10, spent: 0 },
            { date: '2026-11-21', balance: 42.5, topup: 40, spent: 7.5 },
          ],
        },
      };
    if (c.path === 'orders/v6/payments/transaction-logs')
      return {
        data: {
          total: 2,
          items: [
            {
              id: 2,
              kind: 'order_payment',
              amount: -7.5,
              description: 'Payment for supplier order #19',
              source_order_id: 19,
              store_order: '#1001',
              supplier: 'aliexpress',
              supplier_order_no: '8190022',
              created_at: '2026-11-21T11:00:00Z',
            },
            { id: 1, kind: 'topup', amount: 40, description: 'Top-up', source_order_id: null, created_at: '2026-11-21T10:00:00Z' },
          ],
        },
      };
    if (c.path === 'orders/v6/payments/card-setup') return { data: { url: 'http://127.0.0.1:9090/payments/checkout/cs_test_setup' } };
    if (c.path === 'orders/v6/payments/setting')
      return { data: { payment_behavior: 'default', method: c.method === 'PUT' ? (c.body as { method: string }).method : 'wallet' } };
    return undefined;
  });
}

describe('wallet page', () => {
  it('shows the balances, the chart and the transactions', async () => {
    serve();
    renderRoute(<WalletPage />, { path: '/app/setting/wallet' });
    await waitFor(() => expect(screen.getByTestId('wallet-total').textContent).toBe('$42.50'));
    expect(screen.getByTestId('wallet-topup-balance').textContent).toBe('$40.00');
    expect(screen.getByTestId('wallet-bonus').textContent).toBe('$2.50');
    expect(await screen.findAllByTestId('wallet-chart-bar')).toHaveLength(2);
    // The chart has its scale and its days.
    expect(screen.getByTestId('wallet-chart-scale').textContent).toContain('$42.50');
    expect(screen.getByTestId('wallet-chart-days').textContent).toMatch(/Nov 20.*Nov 21/);
    // A payment names the store order, the supplier and its order number, never internal ids or codes.
    const [payment, topup] = await screen.findAllByTestId('wallet-transaction');
    expect(payment.textContent).toContain('Supplier order payment');
    expect(payment.textContent).toContain('Order #1001 · AliExpress (supplier order 8190022)');
    expect(payment.textContent).not.toMatch(/order_payment|#19/);
    expect(topup.textContent).toContain('Top-up');
    expect(screen.getByText('Top-up balance')).toBeTruthy();
  });

  it('accepts the policy, then sends the browser to the checkout url of the top-up', async () => {
    const calls = serve(false);
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    renderRoute(<WalletPage />, { path: '/app/setting/wallet' });
    await screen.findByTestId('wallet-policy');
    const submit = screen.getByTestId('wallet-topup-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('wallet-topup-preset-50'));
    fireEvent.click(screen.getByTestId('wallet-policy'));
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://127.0.0.1:9090/payments/checkout/cs_test_1'));
    expect(calls.find((c) => c.path === 'payments/user/wallets/topup')!.body).toEqual({ amount: 50 });
    expect(calls.some((c) => c.path === 'payments/user/wallets/accept-policy')).toBe(true);
    go.mockRestore();
  });

  it('saving the payment reference shows a success toast', async () => {
    const calls = serve(true);
    renderRoute(<WalletPage />, { path: '/app/setting/wallet' });
    await screen.findByTestId('wallet-setting');
    fireEvent.click(screen.getByTestId('wallet-setting-card'));
    await waitFor(() => expect(screen.getByTestId('wallet-setting-card').getAttribute('data-state')).toBe('checked'));
    fireEvent.click(screen.getByTestId('wallet-setting-save'));
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('toast')
          .some((t) => t.getAttribute('data-type') === 'success' && t.textContent?.includes('Payment reference saved.')),
      ).toBe(true),
    );
    expect(calls.find((c) => c.path === 'orders/v6/payments/setting' && c.method === 'PUT')!.body).toEqual({
      payment_behavior: 'default',
      method: 'card',
    });
  });

  it("adds a card on the payment vendor's page, never in Dropline", async () => {
    const calls = serve(true);
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    renderRoute(<WalletPage />, { path: '/app/setting/wallet' });
    await screen.findByTestId('wallet-setting');
    expect(screen.queryByRole('textbox', { name: /payment method/i })).toBeNull();
    fireEvent.click(screen.getByTestId('wallet-card-add'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://127.0.0.1:9090/payments/checkout/cs_test_setup'));
    expect(calls.some((c) => c.path === 'orders/v6/payments/card-setup' && c.method === 'POST')).toBe(true);
    go.mockRestore();
  });
});
