// Orders (issue 7) against the sandbox: connect a Shopify store, import a product and push it
// there; a customer buys it on the sandbox store; the order shows in New orders; the wallet is
// topped up through the vendor's hosted checkout (its webhook raises the balance); the user places
// the order and pays it from the wallet; the placement toast reaches success and the order is in
// the payment tab as order_placed.
// Run: npm run test:e2e (E2E_BASE_URL for the product; the sandbox answers on E2E_SANDBOX_URL).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, openBrowser, pageApi, rand, screenshot, signedIn, uniqueEmail, withPage } from './helpers.mjs';
import {
  connectAndPush,
  customerBuys,
  ORDER_WAIT_MS,
  PLACE_WAIT_MS,
  placeAndPayFromWallet,
  reloadUntil,
  topUp,
  walletTotal,
} from './sandbox-flows.mjs';

const TOPUP = 500;

describe('orders: a customer order placed and paid from the wallet', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('orders');
  const shopName = `e2e-orders-${rand()}`;
  const shopDomain = `${shopName}.myshopify.com`;
  let product = { id: '', title: '' };
  let orderName = '';

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'orders-signup' } });
  });

  after(async () => {
    await browser?.close();
  });

  it('1. connects a Shopify store and pushes an imported product to it', () =>
    withPage(browser, 'orders-1', async (page) => {
      await signedIn(page, email);
      ({ product } = await connectAndPush(page, shopName));

      // The quick-start guide followed: back home without a reload, import and push are done and
      // placing an order is next.
      await page.getByTestId('brand-logo').click();
      await page.locator('[data-testid="quick-start-step-PUSH_PRODUCT"][data-done]').waitFor();
      assert.equal(await page.getByTestId('quick-start-step-PLACE_ORDER').getAttribute('data-active'), 'true');
    }));

  it('2. a customer buys on the sandbox store; the order shows in New orders', () =>
    withPage(browser, 'orders-2', async (page) => {
      orderName = await customerBuys(shopDomain, product);
      await signedIn(page, email);
      const row = `[data-testid="order-row"][data-name="${orderName}"][data-status="ready"]`;
      await reloadUntil(page, `${BASE_URL}/app/orders`, row, ORDER_WAIT_MS);
      assert.equal(await page.getByTestId('order-center-page').getAttribute('data-tab'), 'placement');
      assert.match(await page.getByTestId('order-tab-placement').innerText(), /New orders/);
      assert.ok(
        Number(await page.getByTestId('order-tab-placement').getAttribute('data-count')) >= 1,
        'the New orders tab counts the order',
      );
      // "3-5d"-style delivery times are shown as days.
      const time = await page.locator(row).getByTestId('order-shipping-time').innerText();
      assert.ok(time === '--' || /days|\d/.test(time), `shipping time: ${time}`);
      await screenshot(page, 'orders-2-new');
    }));

  it('3. a top-up through the vendor checkout raises the balance', () =>
    withPage(browser, 'orders-3', async (page) => {
      await signedIn(page, email);
      const before = await walletTotal(page);
      await topUp(page, TOPUP);
      const afterTopup = await walletTotal(page);
      assert.equal(Math.round((afterTopup - before) * 100), TOPUP * 100, `balance ${before} → ${afterTopup}`);
      await page.locator('[data-testid="wallet-transaction"][data-kind]').first().waitFor();
      await screenshot(page, 'orders-3-wallet');
    }));

  it('4. places the order and pays it from the wallet; the toast reaches success; the order is order_placed', () =>
    withPage(browser, 'orders-4', async (page) => {
      await signedIn(page, email);
      const before = await walletTotal(page);
      const items = await placeAndPayFromWallet(page, orderName);
      await screenshot(page, 'orders-4-toast');
      assert.deepEqual(
        items.filter((i) => i.status !== 'success'),
        [],
        'every supplier order was placed',
      );

      // Paid: the payment tab's order_placed list has it.
      await reloadUntil(
        page,
        `${BASE_URL}/app/orders?tab=payment&status=order_placed`,
        `[data-testid="order-row"][data-name="${orderName}"][data-status="order_placed"]`,
        PLACE_WAIT_MS,
      );
      assert.equal(await page.getByTestId('order-center-page').getAttribute('data-status'), 'order_placed');
      await screenshot(page, 'orders-4-paid');

      // The wallet paid for it.
      const afterPay = await walletTotal(page);
      assert.ok(afterPay < before, `the wallet paid: ${before} → ${afterPay}`);
      const detail = await pageApi(page, `orders/v5/list?tab=payment&status=order_placed&keyword=${encodeURIComponent(orderName)}`);
      assert.equal(detail.status, 200, JSON.stringify(detail));

      // The guide is complete: home shows no checklist any more.
      await page.getByTestId('brand-logo').click();
      await page.getByTestId('home-greeting').waitFor();
      await page.waitForTimeout(1000);
      assert.equal(await page.getByTestId('quick-start').count(), 0, 'the quick-start guide is done');
    }));
});
