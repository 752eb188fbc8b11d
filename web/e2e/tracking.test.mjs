// Tracking (issue 8) against the sandbox: an order placed and paid from the wallet ships (the
// sandbox clock moves 4 days; Sync status reads the supplier's tracking number and the carrier):
// the shipment tab shows it in transit; 60 days later Track now shows it delivered in the order
// center and on the public page (a fresh browser without a session); the Shopify store holds one
// fulfillment with the number; a CSV with a bad row imports the good rows and names the bad one.
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
  sandbox,
  topUp,
  wideRange,
} from './sandbox-flows.mjs';

const DAY = 86_400;
const SYNC_WAIT_MS = 60_000;

/** Clicks a tracking action and waits until its progress item finished (the buttons are free again). */
async function runTrackingAction(page, testId) {
  await page.getByTestId(testId).click();
  await page
    .locator('[data-testid="tracking-actions"][data-running="sync"], [data-testid="tracking-actions"][data-running="track"]')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => {});
  await page.locator('[data-testid="tracking-actions"][data-running=""]').first().waitFor({ timeout: SYNC_WAIT_MS });
}

describe('tracking: sync, track now, public page, store fulfillment, CSV import', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('tracking');
  const shopName = `e2e-tracking-${rand()}`;
  const shopDomain = `${shopName}.myshopify.com`;
  let orderName = '';
  let orderId = '';
  let trackingNumber = '';
  let publicUrl = '';
  let advanced = 0;

  async function advance(seconds) {
    await sandbox('/_sandbox/clock/advance', { seconds });
    advanced += seconds;
  }

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'tracking-signup' } });
  });

  after(async () => {
    // Other suites expect the sandbox clock near today.
    if (advanced) await sandbox('/_sandbox/clock/advance', { seconds: -advanced }).catch(() => {});
    await browser?.close();
  });

  it('1. an order is placed and paid from the wallet', () =>
    withPage(browser, 'tracking-1', async (page) => {
      await signedIn(page, email);
      const { product } = await connectAndPush(page, shopName);
      orderName = await customerBuys(shopDomain, product);
      await reloadUntil(
        page,
        `${BASE_URL}/app/orders?${wideRange()}`,
        `[data-testid="order-row"][data-name="${orderName}"][data-status="ready"]`,
        ORDER_WAIT_MS,
      );
      orderId = await page.locator(`[data-testid="order-row"][data-name="${orderName}"]`).getAttribute('data-id');
      await topUp(page, 200);
      const items = await placeAndPayFromWallet(page, orderName);
      assert.deepEqual(
        items.filter((i) => i.status !== 'success'),
        [],
        'every supplier order was placed',
      );
      await reloadUntil(
        page,
        `${BASE_URL}/app/orders?tab=payment&status=order_placed&${wideRange()}`,
        `[data-testid="order-row"][data-name="${orderName}"]`,
        PLACE_WAIT_MS,
      );
    }));

  it('2. four days later, Sync status puts it in the shipment tab as in_transit', () =>
    withPage(browser, 'tracking-2', async (page) => {
      await advance(4 * DAY);
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/orders?tab=shipment&${wideRange()}`);
      await runTrackingAction(page, 'tracking-sync-status');
      const row = `[data-testid="order-row"][data-name="${orderName}"][data-status="in_transit"]`;
      await reloadUntil(page, `${BASE_URL}/app/orders?tab=shipment&status=in_transit&${wideRange()}`, row, SYNC_WAIT_MS);
      const parcel = page.locator(row).getByTestId('order-parcel').first();
      trackingNumber = await parcel.getAttribute('data-number');
      assert.ok(trackingNumber, 'the row shows the tracking number');
      assert.equal(await parcel.getAttribute('data-status'), 'in_transit');
      await screenshot(page, 'tracking-2-in-transit');
    }));

  it('3. sixty days later, Track now shows it delivered in the order center and the detail', () =>
    withPage(browser, 'tracking-3', async (page) => {
      await advance(60 * DAY);
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/orders?tab=shipment&${wideRange()}`);
      await runTrackingAction(page, 'tracking-track-now');
      const row = `[data-testid="order-row"][data-name="${orderName}"][data-status="delivered"]`;
      await reloadUntil(page, `${BASE_URL}/app/orders?tab=shipment&status=delivered&${wideRange()}`, row, SYNC_WAIT_MS);
      await screenshot(page, 'tracking-3-delivered');

      await page.locator(row).getByTestId('order-row-link').click();
      const parcel = page.locator(`[data-testid="panel-parcel"][data-number="${trackingNumber}"]`);
      await parcel.waitFor();
      assert.equal(await parcel.getAttribute('data-status'), 'delivered');
      await parcel.getByTestId('parcel-detail').waitFor();
      const times = await parcel.getByTestId('timeline-event').evaluateAll((els) => els.map((e) => Date.parse(e.dataset.time)));
      assert.ok(times.length >= 3, `carrier events: ${times.length}`);
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
        'events newest first',
      );
      publicUrl = await page.getByTestId('public-tracking-link').getAttribute('href');
      assert.match(publicUrl, /\/tracking\/[0-9a-f-]{36}$/);
      await screenshot(page, 'tracking-3-panel');
    }));

  it('4. the public page shows it delivered without a session', () =>
    withPage(browser, 'tracking-4', async (page) => {
      await page.goto(new URL(publicUrl, BASE_URL).toString());
      await page.locator('[data-testid="public-tracking-page"][data-status="delivered"]').waitFor();
      assert.match(await page.getByTestId('public-order-name').innerText(), new RegExp(orderName));
      const parcel = page.locator(`[data-testid="public-parcel"][data-number="${trackingNumber}"]`);
      assert.equal(await parcel.getAttribute('data-status'), 'delivered');
      const text = await page.getByTestId('public-tracking-page').innerText();
      assert.ok(!/Grace Hopper|Navy Way|buyer@example\.com/.test(text), 'no name, address or email');
      assert.equal(await page.getByTestId('dashboard-shell').count(), 0, 'outside the signed-in shell');
      await screenshot(page, 'tracking-4-public');
    }));

  it('5. the Shopify store holds one fulfillment with the tracking number', async () => {
    const deadline = Date.now() + SYNC_WAIT_MS;
    let mine;
    for (;;) {
      const shop = await sandbox(`/_sandbox/shopify/${shopDomain}`);
      mine = Object.values(shop.fulfillments ?? {}).filter((f) => (f.tracking ?? []).some((t) => t.number === trackingNumber));
      if (mine.length > 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    assert.equal(mine.length, 1, `fulfillments with ${trackingNumber}: ${JSON.stringify(mine)}`);
  });

  it('6. a CSV with a bad row imports the good rows and names the bad one', () =>
    withPage(browser, 'tracking-6', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/tracking-center/import-list`);
      const csv = [
        'order,tracking_number,carrier',
        `${orderName},LX${rand().toUpperCase()}1234CN,China Post`,
        '#99999,LX5555566666CN,China Post',
        `${orderName},LY${rand().toUpperCase()}9876CN,`,
      ].join('\n');
      await page.getByTestId('csv-import-file').setInputFiles({ name: 'tracking.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const report = page.getByTestId('import-report');
      await report.waitFor({ timeout: 30_000 });
      assert.equal(await report.getAttribute('data-imported'), '2');
      const bad = page.locator('[data-testid="import-row"][data-status="error"]');
      assert.equal(await bad.count(), 1);
      assert.ok((await bad.innerText()).includes('#99999'), 'the bad row names its order');
      assert.ok((await bad.getByTestId('import-row-error').innerText()).trim().length > 0, 'with its reason');
      assert.equal(await page.locator('[data-scope="toast"][data-type="error"]').count(), 0, 'no error toast');
      await screenshot(page, 'tracking-6-import');
      const list = await pageApi(page, `orders/v2/trackings?order_id=${orderId}`);
      assert.equal(list.data?.total, 3, JSON.stringify(list));
    }));
});
