import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { ProductSettingsPage } from './product-settings-page';

describe('product settings: pricing rule', () => {
  it('shows the default rule with a live example, and saves multiplier 3 with cents .99', async () => {
    const calls = mockApi((c) => {
      if (c.path === 'center/products/setting/get')
        return {
          data: {
            channels: {},
            pricing_rule_scope: 'default',
            pricing_rule: {
              mode: 'multiplier',
              ranges: [],
              default_value: 2,
              include_shipping: false,
              compare_at: { enabled: false, multiplier: 2 },
              cents: null,
            },
          },
        };
      if (c.path === 'center/products/setting/update')
        return { data: { pricing_rule: (c.body as { pricing_rule: unknown }).pricing_rule } };
      return undefined;
    });
    renderRoute(<ProductSettingsPage />, { path: '/app/setting/product' });
    const example = await screen.findByTestId('pricing-example');
    expect(example.textContent).toBe('cost $10.00 → price $20.00');
    expect(screen.getByTestId('pricing-scope').textContent).toBe('Default rule');

    fireEvent.change(screen.getByTestId('pricing-default'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('pricing-cents'), { target: { value: '.99' } });
    expect(example.textContent).toBe('cost $10.00 → price $30.99');

    fireEvent.click(screen.getByTestId('pricing-save'));
    await waitFor(() => expect(calls.some((c) => c.path === 'center/products/setting/update')).toBe(true));
    const put = calls.find((c) => c.path === 'center/products/setting/update')!;
    expect(put.method).toBe('PUT');
    expect(put.body).toEqual({
      pricing_rule: {
        mode: 'multiplier',
        ranges: [],
        default_value: 3,
        include_shipping: false,
        compare_at: { enabled: false, multiplier: 2 },
        cents: 0.99,
      },
    });
    expect((await screen.findByTestId('toast')).textContent).toContain('Saved successfully');
    await waitFor(() => expect(screen.getByTestId('pricing-scope').textContent).toBe('Workplace rule'));
  });

  it('ranges, fixed mode, shipping and compare-at follow in the example; invalid cents block saving', async () => {
    const calls = mockApi((c) =>
      c.path === 'center/products/setting/get'
        ? { data: { channels: {} } }
        : { data: { pricing_rule: (c.body as { pricing_rule: unknown }).pricing_rule } },
    );
    renderRoute(<ProductSettingsPage />, { path: '/app/setting/product' });
    const example = await screen.findByTestId('pricing-example');
    fireEvent.click(screen.getByTestId('range-add'));
    fireEvent.change(screen.getByTestId('range-max-0'), { target: { value: '20' } });
    fireEvent.change(screen.getByTestId('range-value-0'), { target: { value: '2.5' } });
    expect(example.textContent).toBe('cost $10.00 → price $25.00');

    fireEvent.click(screen.getByTestId('pricing-mode-fixed'));
    fireEvent.change(screen.getByTestId('range-value-0'), { target: { value: '4' } });
    expect(example.textContent).toBe('cost $10.00 → price $14.00');

    fireEvent.click(screen.getByRole('checkbox', { hidden: true, name: /Include the shipping cost/ }));
    await waitFor(() => expect(example.textContent).toBe('cost $10.00 → price $16.00 (with $2.00 shipping)'));

    fireEvent.click(screen.getByRole('checkbox', { hidden: true, name: /Set a compare-at price/ }));
    fireEvent.change(await screen.findByTestId('pricing-compare-multiplier'), { target: { value: '1.5' } });
    expect(screen.getByTestId('pricing-example-compare').textContent).toBe('Compare-at price: $24.00');

    fireEvent.change(screen.getByTestId('pricing-example-cost'), { target: { value: '25' } });
    expect(example.textContent).toBe('cost $25.00 → price $29.00 (with $2.00 shipping)');

    fireEvent.change(screen.getByTestId('pricing-cents'), { target: { value: '1.5' } });
    expect((screen.getByTestId('pricing-save') as HTMLButtonElement).disabled).toBe(true);
    expect(example.textContent).toBe('--');
    fireEvent.change(screen.getByTestId('pricing-cents'), { target: { value: '' } });

    fireEvent.click(screen.getByTestId('pricing-save'));
    await waitFor(() => expect(calls.some((c) => c.path === 'center/products/setting/update')).toBe(true));
    expect(calls.find((c) => c.path === 'center/products/setting/update')?.body).toEqual({
      pricing_rule: {
        mode: 'fixed',
        ranges: [{ min: 0, max: 20, value: 4 }],
        default_value: 2,
        include_shipping: true,
        compare_at: { enabled: true, multiplier: 1.5 },
        cents: null,
      },
    });
  });
});
