// Orders (issue 7) against the sandbox: connect a Shopify store, import a product and push it
// there; a customer buys it on the sandbox store; the order shows in New orders; the wallet is
// topped up through the vendor's hosted checkout (its webhook raises the balance); the user places
// the order and pays it from the wallet; the placement toast reaches success and the order is in
// the payment tab as order_placed.
// Run: npm run test:e2e (E2E_BASE_URL for the product; the sandbox answers on E2E_SANDBOX_URL).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, assertApiUp, fillSignup, launch, login, screenshot, uniqueEmail, verificationLink, withPage } from './helpers.mjs';

const SANDBOX = (process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:9090').replace(/\/+$/, '');
const KEYWORD = process.env.E2E_KEYWORD ?? 'light';
const CACHE_WAIT_MS = 60_000;
const PUSH_WAIT_MS = 90_000;
const ORDER_WAIT_MS = 60_000;
const PLACE_WAIT_MS = 90_000;
const TOPUP = 500;
const rand = () => Math.random().toString(36).slice(2, 8);

async function sandbox(path, body) {
  const res = await fetch(`${SANDBOX}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`sandbox ${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

async function signedIn(page, email) {
  await login(page, email);
  await page.waitForURL(`${BASE_URL}/app`);
  await page.getByTestId('dashboard-shell').waitFor();
}

/** Calls the API from the page with the session's token. */
function api(page, path) {
  return page.evaluate(async (p) => {
    const res = await fetch(`/api/${p}`, { headers: { authorization: `Bearer ${localStorage.getItem('dropline.token')}` } });
    return res.json();
  }, path);
}

async function searchUntilResults(page, keyword) {
  const deadline = Date.now() + CACHE_WAIT_MS;
  await page.getByTestId('find-search').fill(keyword);
  await page.getByTestId('find-search-submit').click();
  for (;;) {
    const outcome = await Promise.race([
      page.getByTestId('product-card').first().waitFor({ timeout: 20_000 }).then(() => 'cards'),
      page.getByTestId('find-empty').waitFor({ timeout: 20_000 }).then(() => 'empty'),
    ]).catch(() => 'timeout');
    if (outcome === 'cards') return;
    if (Date.now() > deadline) throw new Error(`no search results for "${keyword}" (last: ${outcome})`);
    await page.waitForTimeout(3000);
    await page.reload();
  }
}

/** The wallet's total balance as the page shows it (data-value of the total). */
async function walletTotal(page) {
  await page.goto(`${BASE_URL}/app/setting/wallet`);
  const total = page.locator('[data-testid="wallet-total"]');
  await total.waitFor();
  return Number(await total.getAttribute('data-value'));
}

/** Reloads `url` until `selector` shows (the API picks the webhook up in the background). */
async function reloadUntil(page, url, selector, timeout) {
  const deadline = Date.now() + timeout;
  await page.goto(url);
  for (;;) {
    const found = await page.locator(selector).first().waitFor({ timeout: 5000 }).then(() => true).catch(() => false);
    if (found) return;
    if (Date.now() > deadline) throw new Error(`${selector} did not show at ${url}`);
    await page.reload();
  }
}

describe('orders: a customer order placed and paid from the wallet', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('orders');
  const shopName = `e2e-orders-${rand()}`;
  const shopDomain = `${shopName}.myshopify.com`;
  let storeId = '';
  let product = { id: '', title: '' };
  let orderName = '';

  before(async () => {
    await assertApiUp();
    await fetch(`${SANDBOX}/_sandbox/health`).catch(() => {
      throw new Error(`the sandbox does not answer at ${SANDBOX}`);
    });
    browser = await launch();
    await withPage(browser, 'orders-signup', async (page) => {
      await fillSignup(page, email);
      await page.goto(new URL(await verificationLink(email), BASE_URL).toString());
      await page.waitForURL(`${BASE_URL}/app`);
    });
  });

  after(async () => {
    await browser?.close();
  });

  it('1. connects a Shopify store and pushes an imported product to it', () =>
    withPage(browser, 'orders-1', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/channel`);
      await page.getByTestId('channel-connect-shopify').click();
      await page.getByTestId('connect-store-url').fill(shopName);
      await page.getByTestId('connect-submit').click();
      await page.waitForURL(/\/app\/channel$/, { timeout: 20_000 });
      const shop = page.locator(`[data-testid^="store-row-"][data-domain="${shopDomain}"]`);
      await shop.locator('[data-setup="ready"]').waitFor({ timeout: 20_000 });
      storeId = (await shop.getAttribute('data-testid')).replace('store-row-', '');

      await page.goto(`${BASE_URL}/app/find-product`);
      await searchUntilResults(page, KEYWORD);
      await page.getByTestId('product-card').first().getByTestId('import-button').click();
      await page.locator('[data-testid="product-card"][data-import-state="imported"]').first().waitFor({ timeout: 20_000 });
      await page.goto(`${BASE_URL}/app/products-import`);
      const row = page.getByTestId('import-row').first();
      await row.waitFor();
      product = { id: await row.getAttribute('data-id'), title: await row.getAttribute('data-title') };
      await row.getByTestId('import-row-select').click();
      await page.getByTestId('bulk-push').click();
      await page.getByTestId('push-modal').waitFor();
      const dest = page.getByTestId(`push-destination-${storeId}`);
      await dest.waitFor();
      if ((await dest.getAttribute('data-selected')) !== 'true') await page.getByTestId(`push-destination-check-${storeId}`).click();
      await page.getByTestId('push-submit').click();
      await page.getByTestId('push-modal').waitFor({ state: 'detached' });
      await page.waitForFunction(
        () => {
          const el = document.querySelector('[data-testid="push-toast"]');
          return el && el.querySelectorAll('[data-testid="push-toast-item"]').length > 0 && el.getAttribute('data-processing') === '0';
        },
        null,
        { timeout: PUSH_WAIT_MS },
      );
      const statuses = await page.getByTestId('push-toast-item').evaluateAll((els) => els.map((e) => e.dataset.status));
      assert.ok(statuses.length > 0 && statuses.every((s) => s === 'success'), `the push succeeded: ${statuses}`);
    }));

  it('2. a customer buys on the sandbox store; the order shows in New orders', () =>
    withPage(browser, 'orders-2', async (page) => {
      const shop = await sandbox(`/_sandbox/shopify/${shopDomain}`);
      const pushed = Object.values(shop.products ?? {}).find((p) => p.title === product.title || p.title.startsWith(`${product.title} (`));
      assert.ok(pushed, `the pushed product "${product.title}" is in the shop`);
      const variant = pushed.variants[0];
      const created = await sandbox(`/_sandbox/shopify/${shopDomain}/orders`, {
        email: 'buyer@example.com',
        line_items: [{ variant_id: variant.id, quantity: 1 }],
        shipping_address: { name: 'Grace Hopper', address1: '1 Navy Way', city: 'Arlington', zip: '22201', province_code: 'VA', country_code: 'US', phone: '+15550100' },
      });
      orderName = created.name;
      assert.match(orderName, /^#\d+$/, `the sandbox order's name: ${JSON.stringify(created)}`);

      await signedIn(page, email);
      const row = `[data-testid="order-row"][data-name="${orderName}"][data-status="ready"]`;
      await reloadUntil(page, `${BASE_URL}/app/orders`, row, ORDER_WAIT_MS);
      assert.equal(await page.getByTestId('order-center-page').getAttribute('data-tab'), 'placement');
      assert.match(await page.getByTestId('order-tab-placement').innerText(), /New orders/);
      assert.ok(Number(await page.getByTestId('order-tab-placement').getAttribute('data-count')) >= 1, 'the New orders tab counts the order');
      // "3-5d"-style delivery times are shown as days.
      const time = await page.locator(row).getByTestId('order-shipping-time').innerText();
      assert.ok(time === '--' || /days|\d/.test(time), `shipping time: ${time}`);
      await screenshot(page, 'orders-2-new');
    }));

  it('3. a top-up through the vendor checkout raises the balance', () =>
    withPage(browser, 'orders-3', async (page) => {
      await signedIn(page, email);
      const before = await walletTotal(page);
      await page.getByTestId('wallet-topup-amount').fill(String(TOPUP));
      if (await page.getByTestId('wallet-policy').count()) await page.getByTestId('wallet-policy').click();
      await page.getByTestId('wallet-topup-submit').click();
      // The sandbox's hosted checkout page; paying there fires the vendor's webhook.
      await page.waitForURL((url) => url.toString().startsWith(`${SANDBOX}/payments/checkout/`), { timeout: 20_000 });
      await page.locator('#pay').click();
      await page.waitForURL(/\/app\/orders\/payment-success/, { timeout: 20_000 });
      await page.getByTestId('payment-success-page').waitFor();
      await page.locator('[data-testid="payment-success-page"][data-raised="true"]').waitFor({ timeout: 30_000 });
      const afterTopup = await walletTotal(page);
      assert.equal(Math.round((afterTopup - before) * 100), TOPUP * 100, `balance ${before} → ${afterTopup}`);
      await page.locator('[data-testid="wallet-transaction"][data-kind]').first().waitFor();
      await screenshot(page, 'orders-3-wallet');
    }));

  it('4. places the order and pays it from the wallet; the toast reaches success; the order is order_placed', () =>
    withPage(browser, 'orders-4', async (page) => {
      await signedIn(page, email);
      const before = await walletTotal(page);
      await page.goto(`${BASE_URL}/app/orders`);
      const row = page.locator(`[data-testid="order-row"][data-name="${orderName}"]`);
      await row.waitFor();
      await row.getByTestId('order-action-place').click();
      await page.waitForURL(/\/app\/orders\/create\?orders=/);
      await page.getByTestId('preview-order').first().waitFor({ timeout: 30_000 });
      assert.equal(await page.locator('[data-testid="preview-source"][data-placeable="false"]').count(), 0, 'every part can be placed');
      await page.getByTestId('create-pay-wallet').click();
      await screenshot(page, 'orders-4-preview');
      await page.getByTestId('create-order-submit').click();
      await page.waitForURL(/\/app\/orders$/);

      const toast = page.getByTestId('placement-toast');
      await toast.waitFor();
      await page.waitForFunction(
        () => {
          const el = document.querySelector('[data-testid="placement-toast"]');
          return el && el.querySelectorAll('[data-testid="placement-toast-item"]').length > 0 && el.getAttribute('data-processing') === '0';
        },
        null,
        { timeout: PLACE_WAIT_MS },
      );
      const items = await page.getByTestId('placement-toast-item').evaluateAll((els) => els.map((e) => ({ status: e.dataset.status, text: e.textContent })));
      await screenshot(page, 'orders-4-toast');
      assert.deepEqual(items.filter((i) => i.status !== 'success'), [], 'every supplier order was placed');

      // Paid: the payment tab's order_placed list has it.
      await reloadUntil(page, `${BASE_URL}/app/orders?tab=payment&status=order_placed`, `[data-testid="order-row"][data-name="${orderName}"][data-status="order_placed"]`, PLACE_WAIT_MS);
      assert.equal(await page.getByTestId('order-center-page').getAttribute('data-status'), 'order_placed');
      await screenshot(page, 'orders-4-paid');

      // The wallet paid for it.
      const afterPay = await walletTotal(page);
      assert.ok(afterPay < before, `the wallet paid: ${before} → ${afterPay}`);
      const detail = await api(page, `orders/v5/list?tab=payment&status=order_placed&keyword=${encodeURIComponent(orderName)}`);
      assert.equal(detail.status, 200, JSON.stringify(detail));
    }));
});
