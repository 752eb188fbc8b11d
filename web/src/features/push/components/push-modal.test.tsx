import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockCall, type MockReply, mockApi } from '@/test/api-mock';
import { makeChannel, makeStore } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import type { PushProduct } from '@/types/push';
import { EMPTY_SESSION, pushSession } from '../lib/push-session';
import { DEFAULT_AUTOMATION } from '../lib/smart-push';
import { PushModal, type PushModalProps } from './push-modal';

const product = (id: string, over: Partial<PushProduct> = {}): PushProduct => ({
  id,
  title: `Lamp ${id}`,
  image: null,
  variant_count: 3,
  price_from: 10,
  price_to: 12,
  ...over,
});
const PRODUCTS = [product('a'), product('b'), product('c', { variant_count: 150 })];
const STORES = [makeStore('s1', { name: 'Main shop' }), makeStore('w1', { platform: 'woocommerce', name: 'Woo shop', currency: 'EUR' })];
const CHANNELS = [makeChannel('tiktok', { connected: true, account_name: 'My TikTok' }), makeChannel('facebook')];
const PUBLICATIONS = [
  { id: 'gid://1', name: 'Online Store', handle: 'online_store', is_active: true },
  { id: 'gid://2', name: 'Pinterest', handle: 'pinterest-4', is_active: true },
];

function serve(extra: (c: MockCall) => MockReply | undefined = () => undefined, automation = DEFAULT_AUTOMATION) {
  return mockApi((c) => {
    const hit = extra(c);
    if (hit) return hit;
    if (c.path === 'center/products/setting/get') return { data: { channels: {} } };
    if (c.path === 'center/products/setting/automation-product/get') return { data: { automation_product_settings: automation } };
    if (c.path === 'status/shopify-service/api/shopify/shop/publications')
      return { data: { publications: PUBLICATIONS, external_channels: [] } };
    if (c.path === 'center/products/setting/automation-product/update') return { data: c.body };
    return undefined;
  });
}

function Host(props: Partial<PushModalProps>) {
  const [open, setOpen] = useState(true);
  return (
    <PushModal
      open={open}
      mode="push"
      products={PRODUCTS}
      stores={STORES}
      channels={CHANNELS}
      quota={{ limit: 20, usage: 0 }}
      isMarketingUser={false}
      upgradePath="/app/setting/billing-plan/change-plan"
      channelPath="/app/channel"
      onClose={() => setOpen(false)}
      {...props}
    />
  );
}

const dest = (key: string) => screen.getByTestId(`push-destination-${key}`);
/** Ticks or unticks the first checkbox in `el`, waiting for the component's state (not only the input's). */
async function tick(el: HTMLElement) {
  const input = within(el).getAllByRole('checkbox', { hidden: true })[0] as HTMLInputElement;
  const root = (
    el.matches('[data-scope="checkbox"][data-part="root"]') ? el : el.querySelector('[data-scope="checkbox"][data-part="root"]')
  ) as HTMLElement;
  const was = root.getAttribute('data-state') === 'checked';
  fireEvent.click(input);
  await waitFor(() => expect(root.getAttribute('data-state')).toBe(was ? 'unchecked' : 'checked'));
}
const submit = () => screen.getByTestId('push-submit') as HTMLButtonElement;

describe('push modal', () => {
  afterEach(() => {
    pushSession.set(EMPTY_SESSION);
  });

  it('pushes the products to the ticked stores and channel, with publish, publications and auto push', async () => {
    const calls = serve((c) =>
      c.path === 'center/products/push-to-multiple-channels'
        ? { data: { progress_ids: [1, 2, 3], limit: 20, usage: 9, total_push: 12, warnings: [{ hash: 'c', variants: 150, units: 2 }] } }
        : undefined,
    );
    const onPushed = vi.fn();
    renderRoute(<Host onPushed={onPushed} />, { path: '/app/products-import' });
    await waitFor(() => expect(dest('s1').getAttribute('data-selected')).toBe('true'));
    expect(dest('w1').getAttribute('data-selected')).toBe('false');
    expect(screen.queryByTestId('push-destination-facebook')).toBeNull();
    expect(screen.getByTestId('push-add-channels').getAttribute('href')).toBe('/app/channel');
    // The Online Store is ticked by default; Pinterest too.
    const pinterest = await screen.findByTestId('push-publication-pinterest-4');
    expect(
      (within(screen.getByTestId('push-publication-online_store')).getByRole('checkbox', { hidden: true }) as HTMLInputElement).checked,
    ).toBe(true);
    await tick(pinterest);
    expect(screen.queryByTestId('push-currency-w1')).toBeNull();
    await tick(dest('w1'));
    // A store selling in euros: the owner is told the USD prices are converted there.
    expect(screen.getByTestId('push-currency-w1').textContent).toContain('EUR');
    expect(screen.queryByTestId('push-currency-s1')).toBeNull();
    fireEvent.click(screen.getByTestId('push-publish-w1-unpublish'));
    await tick(dest('tiktok'));
    // 2 products of 1 unit and one of 2 units, to 3 destinations.
    expect(screen.getByTestId('push-quota-line').textContent).toBe('This push uses 12 listings; 20 left this cycle.');
    expect(screen.getByTestId('push-product-warning').textContent).toContain('150 variants');
    await tick(screen.getByTestId('push-auto'));
    fireEvent.click(submit());

    await waitFor(() => expect(onPushed).toHaveBeenCalled());
    const post = calls.find((c) => c.path === 'center/products/push-to-multiple-channels')!;
    expect(post.body).toEqual({
      settings: {
        channels: {
          s1: { is_publish: true, publications: ['gid://1', 'gid://2'] },
          w1: { is_publish: false },
          tiktok: { is_publish: true },
        },
      },
      product_package_ids: ['a', 'b', 'c'],
    });
    const saved = calls.find((c) => c.path === 'center/products/setting/automation-product/update')!;
    expect(saved.method).toBe('PUT');
    expect(saved.body).toMatchObject({
      is_enable: true,
      actions: {
        pushed_connected_channels: {
          store_ids: ['s1', 'w1', 'tiktok'],
          publication_ids: ['gid://1', 'gid://2'],
          publish_status: 'publish',
        },
      },
    });
    expect(pushSession.get()).toEqual({ ids: ['1', '2', '3'], open: true });
    await waitFor(() => expect(screen.queryByTestId('push-modal')).toBeNull());
  });

  it('says NeedToSelectAtLeastChannel when no channel is ticked, without calling the API', async () => {
    const calls = serve();
    renderRoute(<Host />, { path: '/app/products-import' });
    await waitFor(() => expect(dest('s1').getAttribute('data-selected')).toBe('true'));
    await tick(dest('s1'));
    fireEvent.click(submit());
    expect((await screen.findByTestId('push-error')).textContent).toBe('Select at least one channel.');
    expect(calls.some((c) => c.path.includes('push-to-multiple-channels'))).toBe(false);
  });

  it('out of quota: the banner shows usage plus the push and the limit, with UpgradeNow, and Push is disabled', async () => {
    serve();
    renderRoute(<Host quota={{ limit: 20, usage: 17 }} />, { path: '/app/products-import' });
    const banner = await screen.findByTestId('push-quota-banner');
    expect(banner.textContent).toContain('You have exceeded your listing product quota');
    expect(screen.getByTestId('push-quota-usage').textContent).toBe('21 / 20 listings');
    expect(screen.getByTestId('push-quota-upgrade').getAttribute('href')).toBe('/app/setting/billing-plan/change-plan');
    expect(submit().disabled).toBe(true);
  });

  it('QUOTA_EXPIRED from the API shows the banner with usage + total_push and the server message', async () => {
    serve((c) =>
      c.path === 'center/products/push-to-multiple-channels'
        ? { status: 401, message: 'UpgradeToContinueListingProducts', data: { limit: 20, usage: 18, total_push: 4 } }
        : undefined,
    );
    renderRoute(<Host />, { path: '/app/products-import' });
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    expect((await screen.findByTestId('push-quota-usage')).textContent).toBe('22 / 20 listings');
    await waitFor(() =>
      expect(screen.getAllByTestId('toast').some((t) => t.textContent?.includes('Upgrade your plan to continue listing products.'))).toBe(
        true,
      ),
    );
    expect(screen.getByTestId('push-modal')).toBeTruthy();
  });

  it('removes products until one is left, then the remove button is disabled', async () => {
    serve();
    renderRoute(<Host />, { path: '/app/products-import' });
    await screen.findAllByTestId('push-product');
    fireEvent.click(screen.getAllByTestId('push-product-remove')[0]);
    fireEvent.click(screen.getAllByTestId('push-product-remove')[0]);
    expect(screen.getAllByTestId('push-product').map((r) => r.getAttribute('data-id'))).toEqual(['c']);
    expect((screen.getByTestId('push-product-remove') as HTMLButtonElement).disabled).toBe(true);
  });

  it('update mode: DataWillBeOverwrite, where the products are is ticked, update-push with push and update lists', async () => {
    const calls = serve((c) => (c.path === 'center/products/update-push' ? { data: { progress_ids: [7] } } : undefined));
    const products = [product('a', { pushed: { w1: 'success' } }), product('b', { pushed: { w1: 'success', s1: 'error' } })];
    renderRoute(<Host mode="update" products={products} quota={{ limit: 20, usage: 20 }} />, { path: '/app/products-center' });
    expect((await screen.findByTestId('push-overwrite')).textContent).toBe('The product data at these destinations will be overwritten.');
    await waitFor(() => expect(dest('w1').getAttribute('data-selected')).toBe('true'));
    expect(dest('s1').getAttribute('data-selected')).toBe('false');
    // Only channels not yet pushed count: nothing here, so a full quota does not block.
    expect(submit().disabled).toBe(false);
    expect(screen.queryByTestId('push-quota-banner')).toBeNull();
    await tick(dest('s1'));
    expect(screen.getByTestId('push-quota-banner')).toBeTruthy();
    await tick(dest('s1'));
    fireEvent.click(submit());
    await waitFor(() => expect(calls.some((c) => c.path === 'center/products/update-push')).toBe(true));
    expect(calls.find((c) => c.path === 'center/products/update-push')!.body).toEqual({
      settings: { channels: { w1: { is_publish: true } }, push: [], update: ['a', 'b'] },
    });
  });

  it('update mode: nothing to push without a ticked destination', async () => {
    serve();
    renderRoute(<Host mode="update" products={[product('a', { pushed: { w1: 'success' } })]} />, { path: '/app/products-center' });
    await waitFor(() => expect(dest('w1').getAttribute('data-selected')).toBe('true'));
    await waitFor(() => expect(submit().disabled).toBe(false));
    await tick(dest('w1'));
    expect(submit().disabled).toBe(true);
  });

  it('sends marketing users to My channels', async () => {
    serve();
    const { router } = renderRoute(<Host isMarketingUser />, { path: '/app/products-import' });
    expect((await screen.findByTestId('push-go-to-channels')).textContent).toBe('Connect your own store to push products.');
    expect(screen.queryByTestId('push-destinations')).toBeNull();
    fireEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/channel'));
  });

  it('smart push hides the channel section and pushes to the automation destinations', async () => {
    const automation = {
      ...DEFAULT_AUTOMATION,
      actions: { pushed_connected_channels: { store_ids: ['w1'], publication_ids: [], publish_status: 'unpublish' as const } },
    };
    const calls = serve(
      (c) => (c.path === 'center/products/push-to-multiple-channels' ? { data: { progress_ids: [5] } } : undefined),
      automation,
    );
    renderRoute(<Host />, { path: '/app/products-import' });
    const toggle = await screen.findByTestId('push-smart');
    expect((within(toggle).getByRole('checkbox', { hidden: true }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('push-destinations')).toBeNull();
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(calls.some((c) => c.path === 'center/products/push-to-multiple-channels')).toBe(true));
    expect(calls.find((c) => c.path === 'center/products/push-to-multiple-channels')!.body).toMatchObject({
      settings: { channels: { w1: { is_publish: false } } },
    });
  });

  it('is a drawer at mobile widths', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      serve();
      renderRoute(<Host />, { path: '/app/products-import' });
      expect((await screen.findByTestId('push-modal')).getAttribute('data-variant')).toBe('drawer');
    } finally {
      window.matchMedia = original;
    }
  });
});
