import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { AliExpressBindPage } from './aliexpress-bind-page';

describe('AliExpress sign-in callback', () => {
  it('posts the code and state AliExpress sent back, then returns to the orders', async () => {
    const calls = mockApi((c) => {
      if (c.path === 'suppliers/aliexpress/callback') return { data: { account: { connected: true, account: 'ae-buyer-1' } } };
      return undefined;
    });
    const { router } = renderRoute(<AliExpressBindPage />, { path: '/app/auth/bind/aliexpress?code=c1&state=s1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/orders'));
    expect(calls.find((c) => c.path === 'suppliers/aliexpress/callback')?.body).toEqual({ code: 'c1', state: 's1' });
  });

  it('a refused sign-in says why and leads back', async () => {
    mockApi((c) =>
      c.path === 'suppliers/aliexpress/callback'
        ? { status: 422, message: 'x', errors: { state: ['This AliExpress sign-in link has expired'] } }
        : undefined,
    );
    renderRoute(<AliExpressBindPage />, { path: '/app/auth/bind/aliexpress?code=c2&state=s2' });
    expect((await screen.findByTestId('aliexpress-bind-error')).textContent).toContain('expired');
  });
});
