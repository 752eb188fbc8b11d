import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { InspectionPage } from './inspection-page';

const result = {
  shopUri: 'http://127.0.0.1:9090/shops/acme.myshopify.com/',
  shopName: 'Acme Outfitters',
  themeName: 'Dawn',
  themeId: 123,
  theme: {
    name: 'Dawn',
    theme_store_url: 'https://themes.shopify.com/themes/dawn',
    id: 887,
    handle: 'dawn',
    style_id: 1,
    style_handle: 'default',
  },
  currencyActive: 'EUR',
  country: 'DE',
  logos: ['http://127.0.0.1:9090/img/logo.png'],
  facebookUrl: 'https://www.facebook.com/acme',
  instagramUrl: 'https://www.instagram.com/acme',
  appUsed: [
    {
      name: 'Klaviyo',
      short_description: 'Email marketing',
      category: 'Marketing',
      app_store_url: 'https://apps.shopify.com/klaviyo',
      website_url: '',
    },
  ],
  products: [
    { id: 1, handle: 'tee', title: 'Tee', image: 'http://127.0.0.1:9090/img/tee.png', minPrice: 10, maxPrice: 20, currency: 'EUR' },
  ],
};

describe('store inspection page', () => {
  it('scans, polls until success, stops polling and shows the theme and apps', async () => {
    let polls = 0;
    const calls = mockApi((c) => {
      if (c.path === 'stores/inspect' && c.method === 'POST') return { data: { id: 'scan1', status: 'processing' } };
      if (c.path === 'stores/inspect/scan1') {
        polls += 1;
        return polls < 2
          ? { data: { id: 'scan1', url: 'x', status: 'processing', error: null, result: null } }
          : { data: { id: 'scan1', url: result.shopUri, status: 'success', error: null, result } };
      }
      return undefined;
    });
    renderRoute(<InspectionPage />, { path: '/app/store-analytics' });
    const submit = screen.getByTestId('inspection-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('inspection-url'), { target: { value: '127.0.0.1:9090/shops/acme.myshopify.com/' } });
    fireEvent.click(submit);
    expect(await screen.findByTestId('inspection-running')).toBeTruthy();
    expect(calls.find((c) => c.path === 'stores/inspect')?.body).toEqual({ url: 'https://127.0.0.1:9090/shops/acme.myshopify.com/' });
    expect((await screen.findByTestId('inspection-shop-name', {}, { timeout: 5000 })).textContent).toBe('Acme Outfitters');
    expect(screen.getByTestId('inspection-theme').textContent).toContain('Dawn');
    expect(screen.getByTestId('inspection-currency').textContent).toBe('EUR');
    expect(screen.getByTestId('inspection-app-name').textContent).toBe('Klaviyo');
    expect(screen.getAllByTestId('inspection-product')).toHaveLength(1);
    const after = polls;
    await new Promise((r) => setTimeout(r, 2000));
    expect(polls).toBe(after);
  });

  it('shows a failed scan clearly', async () => {
    mockApi((c) => {
      if (c.path === 'stores/inspect' && c.method === 'POST') return { data: { id: 'scan2', status: 'processing' } };
      if (c.path === 'stores/inspect/scan2')
        return { data: { id: 'scan2', url: 'x', status: 'error', error: 'This is not a Shopify store', result: null } };
      return undefined;
    });
    renderRoute(<InspectionPage />, { path: '/app/store-analytics' });
    fireEvent.change(screen.getByTestId('inspection-url'), { target: { value: 'https://example.com' } });
    fireEvent.click(screen.getByTestId('inspection-submit'));
    await waitFor(() => expect(screen.getByTestId('inspection-error').textContent).toContain('This is not a Shopify store'));
  });

  it('flags an address that is not a URL', () => {
    mockApi(() => undefined);
    renderRoute(<InspectionPage />, { path: '/app/store-analytics' });
    fireEvent.change(screen.getByTestId('inspection-url'), { target: { value: 'not a url' } });
    expect((screen.getByTestId('inspection-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Enter a valid store address.')).toBeTruthy();
  });
});
