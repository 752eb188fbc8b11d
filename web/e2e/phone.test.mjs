// The store owner's journey on a phone (issue 19 item 9), at 390×844: connect a store, find and
// import a product with the filters folded away, reach the import list from the product center,
// push, a customer buys, top up, place and pay from an order card whose Place order is in view,
// then the same order list in Arabic without anything running off the side of the screen.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, chooseLanguage, openBrowser, rand, screenshot, signedIn, uniqueEmail, withPage } from './helpers.mjs';
import { connectAndPush, customerBuys, ORDER_WAIT_MS, placeAndPayFromWallet, reloadUntil, topUp, wideRange } from './sandbox-flows.mjs';

const PHONE = { width: 390, height: 844 };

/** Nothing on the page is wider than the screen. */
async function noSidewaysScroll(page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= PHONE.width, `the page is ${wide} px wide on a ${PHONE.width} px screen`);
}

describe('the journey on a phone', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('phone');
  const shopName = `e2e-phone-${rand()}`;
  let orderName = '';
  let journeyProduct = null;

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'phone-signup' } });
  });

  after(async () => {
    await browser?.close();
  });

  it('1. find product shows products on the first screen; the filters open from one button', () =>
    withPage(
      browser,
      'phone-1',
      async (page) => {
        await signedIn(page, email);
        await page.goto(`${BASE_URL}/app/find-product?source=dropline&keyword=light`);
        const card = page.getByTestId('product-card').first();
        await card.waitFor({ timeout: 60_000 });
        assert.equal(await page.getByTestId('find-filters-panel').isVisible(), false, 'the filters are folded');
        const box = await card.boundingBox();
        assert.ok(box.y < PHONE.height, `the first product starts at ${box.y} px, below the first screen`);
        await page.getByTestId('find-filters-toggle').click();
        await page.getByTestId('find-filters-panel').waitFor();
        await noSidewaysScroll(page);
      },
      PHONE,
    ));

  it('2. connect, import and push; the product center leads to the import list', () =>
    withPage(
      browser,
      'phone-2',
      async (page) => {
        await signedIn(page, email);
        ({ product: journeyProduct } = await connectAndPush(page, shopName));
        await page.goto(`${BASE_URL}/app/products-center`);
        await page.getByTestId('import-list-link').click();
        await page.waitForURL(/\/app\/products-import$/);
      },
      PHONE,
    ));

  it('3. a customer buys; after a top-up the order is placed and paid from its card', () =>
    withPage(
      browser,
      'phone-3',
      async (page) => {
        orderName = await customerBuys(`${shopName}.myshopify.com`, journeyProduct);
        await signedIn(page, email);
        const row = `[data-testid="order-row"][data-name="${orderName}"]`;
        await reloadUntil(page, `${BASE_URL}/app/orders?${wideRange()}`, row, ORDER_WAIT_MS);
        const place = page.locator(row).getByTestId('order-action-place');
        const box = await place.boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `Place order spans ${box.x}..${box.x + box.width} px`);
        await noSidewaysScroll(page);
        await topUp(page, 200);
        const statuses = (await placeAndPayFromWallet(page, orderName)).map((i) => i.status);
        assert.deepEqual(statuses, ['success']);
      },
      PHONE,
    ));

  it('4. in Arabic the order cards read right to left and stay on the screen', () =>
    withPage(
      browser,
      'phone-4',
      async (page) => {
        await signedIn(page, email);
        await chooseLanguage(page, 'ar');
        await page.goto(`${BASE_URL}/app/orders?tab=payment&${wideRange()}`);
        await page.locator(`[data-testid="order-row"][data-name="${orderName}"]`).waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
        await noSidewaysScroll(page);
        await screenshot(page, 'phone-4-orders-ar');
      },
      PHONE,
    ));
});
