import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setWorkplaceId } from '@/lib/storage';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { DisplayCurrencyCard } from './display-currency-card';

const WORKPLACES = [
  { id: 'w1', name: 'First', currency: 'USD' },
  { id: 'w2', name: 'Second', currency: 'AUD' },
];

describe('display currency', () => {
  it("shows the current workspace's currency and saves another one for it", async () => {
    setWorkplaceId('w2');
    const calls = mockApi((c) => {
      if (c.path === 'core/workplaces/settings') return { data: { ...WORKPLACES[1], currency: 'EUR' } };
      return undefined;
    });
    renderRoute(<DisplayCurrencyCard workplaces={WORKPLACES} />, { path: '/app/setting/account' });
    const select = screen.getByTestId<HTMLSelectElement>('display-currency-select');
    expect(select.value).toBe('AUD');
    expect(screen.getByTestId('display-currency').textContent).toContain('Second');
    expect(screen.getByTestId('display-currency-example').textContent).toContain('A$1,234.50');

    fireEvent.change(select, { target: { value: 'EUR' } });
    await waitFor(() => expect(calls.some((c) => c.path === 'core/workplaces/settings')).toBe(true));
    const post = calls.find((c) => c.path === 'core/workplaces/settings')!;
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({ settings: { display_currency: 'EUR' } });
    expect(post.headers.get('workplace-id')).toBe('w2');
    await waitFor(() => expect(select.value).toBe('EUR'));
    expect(screen.getByTestId('display-currency-example').textContent).toContain('€1,234.50');
  });
});
