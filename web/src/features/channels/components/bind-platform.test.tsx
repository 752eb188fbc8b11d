import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { makeChannel } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { BindPlatform } from './bind-platform';

describe('/app/auth/bind/platform', () => {
  it('finishes TikTok and returns to the channel page', async () => {
    const calls = mockApi((c) =>
      c.path === 'auth/platform/tiktok/callback' ? { data: { channel: makeChannel('tiktok', { connected: true }) } } : undefined,
    );
    const { router } = renderRoute(<BindPlatform />, {
      path: '/app/auth/bind/platform?platform=tiktok&code=k1&state=st1',
      route: '/app/auth/bind/platform',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/channel'));
    expect(calls.find((c) => c.path === 'auth/platform/tiktok/callback')?.body).toEqual({ code: 'k1', state: 'st1' });
  });

  it('asks Facebook users for the business and catalog, then links them', async () => {
    const options = {
      businesses: [
        {
          id: 'b1',
          name: 'Biz',
          catalogs: [
            { id: 'c1', name: 'Main' },
            { id: 'c2', name: 'Other' },
          ],
        },
      ],
    };
    const calls = mockApi((c) => {
      if (c.path === 'auth/platform/facebook/callback')
        return { data: { channel: makeChannel('facebook', { connected: true, needs_link: true, options }) } };
      if (c.path === 'auth/platform/facebook/link') return { data: { channel: makeChannel('facebook', { connected: true }) } };
      return undefined;
    });
    const { router } = renderRoute(<BindPlatform />, {
      path: '/app/auth/bind/platform?platform=facebook&code=k2&state=st2',
      route: '/app/auth/bind/platform',
    });
    fireEvent.change(await screen.findByTestId('link-catalog'), { target: { value: 'c2' } });
    fireEvent.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/channel'));
    expect(calls.find((c) => c.path === 'auth/platform/facebook/link')?.body).toEqual({ business_id: 'b1', catalog_id: 'c2' });
  });

  it('asks Google users for the merchant account', async () => {
    const calls = mockApi((c) => {
      if (c.path === 'auth/platform/google-merchant/callback')
        return {
          data: {
            channel: makeChannel('google', { connected: true, needs_link: true, options: { merchants: [{ id: 'm1' }, { id: 'm2' }] } }),
          },
        };
      if (c.path === 'auth/platform/google-merchant/link') return { data: { channel: makeChannel('google', { connected: true }) } };
      return undefined;
    });
    renderRoute(<BindPlatform />, {
      path: '/app/auth/bind/platform?platform=google-merchant&code=k3&state=st3',
      route: '/app/auth/bind/platform',
    });
    fireEvent.change(await screen.findByTestId('link-merchant'), { target: { value: 'm2' } });
    fireEvent.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(calls.find((c) => c.path === 'auth/platform/google-merchant/link')?.body).toEqual({ merchant_id: 'm2' }));
  });

  it('explains a failed or incomplete return', async () => {
    mockApi(() => ({ status: 201, success: false, message: 'The authorization was refused' }));
    renderRoute(<BindPlatform />, { path: '/app/auth/bind/platform?platform=tiktok&code=k4&state=st4', route: '/app/auth/bind/platform' });
    expect((await screen.findByTestId('bind-error')).textContent).toBe('The authorization was refused');
  });
});
