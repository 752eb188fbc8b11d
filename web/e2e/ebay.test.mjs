// eBay orders end to end from the dashboard (issue 17): a product imported from eBay is pushed to
// a Shopify store and bought there; placing it opens a checkout session through eBay's Order API
// v2, and the order waits for the owner to pay it at eBay (v2 has no call that pays). The owner
// pays in eBay's checkout (the sandbox's stand-in for eBay's widget), enters the purchase order
// number it gave on the order page, and the supplier order is placed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, openBrowser, rand, screenshot, signedIn, uniqueEmail, withPage } from './helpers.mjs';
import { connectAndPush, customerBuys, ORDER_WAIT_MS, PLACE_WAIT_MS, reloadUntil, sandbox, wideRange } from './sandbox-flows.mjs';

describe('eBay: an order placed through eBay checkout and completed from the order page', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('ebay');
  const shopName = `e2e-ebay-${rand()}`;
  const shopDomain = `${shopName}.myshopify.com`;
  let orderName = '';

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'ebay-signup' } });
  });

  after(async () => {
    await browser?.close();
  });

  it('1. an eBay product is pushed and bought; placing it leaves it waiting for the eBay checkout', () =>
    withPage(browser, 'ebay-1', async (page) => {
      await signedIn(page, email);
      const { product } = await connectAndPush(page, shopName, { source: 'ebay' });
      orderName = await customerBuys(shopDomain, product);
      const row = `[data-testid="order-row"][data-name="${orderName}"]`;
      await reloadUntil(page, `${BASE_URL}/app/orders?${wideRange()}`, row, ORDER_WAIT_MS);
      await page.locator(row).getByTestId('order-action-place').click();
      await page.waitForURL(/\/app\/orders\/create\?orders=/);
      await page.locator('[data-testid="preview-source"][data-placeable="true"]').first().waitFor({ timeout: 30_000 });
      await page.getByTestId('create-order-submit').click();
      await page.waitForURL(/\/app\/orders(\?|$)/);
      // The placement toast tells the owner to finish the order at the supplier.
      await page
        .locator('[data-testid="placement-toast-warning"][data-warning="waiting_complete_order"]')
        .first()
        .waitFor({ timeout: PLACE_WAIT_MS });
    }));

  it('2. paid at eBay, the purchase order number entered on the order page places the supplier order', () =>
    withPage(browser, 'ebay-2', async (page) => {
      await signedIn(page, email);
      // Waiting for its payment at eBay, the order is under Payment.
      await page.goto(`${BASE_URL}/app/orders?tab=payment&${wideRange()}`);
      const row = page.locator(`[data-testid="order-row"][data-name="${orderName}"]`);
      await row.waitFor();
      await row.getByTestId('order-row-link').first().click();
      const form = page.getByTestId('ebay-checkout');
      await form.waitFor();
      const session = await form.getAttribute('data-session');
      assert.ok(session, 'the checkout session is named');
      const atEbay = await sandbox('/_sandbox/ebay');
      assert.ok(
        atEbay.sessions.some((s) => s.checkoutSessionId === session && !s.purchaseOrderId),
        `eBay holds the unpaid session ${session}`,
      );

      // A number eBay never gave is refused under the field, and nothing changes.
      await page.getByTestId('ebay-purchase-order-id').fill('50000000000999');
      await page.getByTestId('ebay-checkout-submit').click();
      await page.getByTestId('ebay-checkout-error').waitFor();

      const { purchaseOrderId } = await sandbox(`/_sandbox/ebay/checkout/${encodeURIComponent(session)}/pay`, {});
      await page.getByTestId('ebay-purchase-order-id').fill(purchaseOrderId);
      await page.getByTestId('ebay-checkout-submit').click();
      await page.locator('[data-testid="source-order"][data-status="order_placed"]').waitFor({ timeout: 20_000 });
      assert.equal(await page.getByTestId('ebay-checkout').count(), 0, 'the form is gone once the order is placed');
      await screenshot(page, 'ebay-2-placed');
    }));
});
