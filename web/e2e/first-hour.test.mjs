// The first hour of a store owner (issue 19, items 3, 4 and 8) against the sandbox: toasts close
// by themselves and keep off the top bar and most of a phone's screen; a product imported in
// another tab stops offering Import; a finished push leaves no row selected and takes the pushed
// products off the import list; a new account's order list says what comes there, and a customer's
// order shows up without a reload; placing an order keeps the list's filters.
// Run: npm run test:e2e (E2E_BASE_URL for the product; the sandbox answers on E2E_SANDBOX_URL).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, openBrowser, rand, screenshot, signedIn, uniqueEmail, withPage } from './helpers.mjs';
import {
  connectShopify,
  customerBuys,
  KEYWORD,
  placeAndPayFromWallet,
  PUSH_WAIT_MS,
  searchUntilResults,
  tickDestination,
  toastSettled,
  topUp,
  wideRange,
} from './sandbox-flows.mjs';

/** Spec: a toast shows 3000 ms and fades out over 500 ms; this much more for the polls and the browser. */
const CLOSE_WITHIN_MS = 3000 + 500 + 3000;
/** Lists poll every 30 s while visible; a new order also needs the store's webhook to be processed. */
const NEW_ORDER_WAIT_MS = 75_000;
const PHONE = { width: 390, height: 844 };

/** Answers the placement toast's poll with `items()` (fake supplier orders), whatever ids it asks for. */
async function fakePlacements(page, items) {
  await page.route(
    (url) => url.pathname === '/api/orders/placements',
    (route) =>
      route.fulfill({ json: { status: 200, success: true, message: 'OK', data: { items: items() } }, contentType: 'application/json' }),
  );
}

const placement = (id, status) => ({
  id,
  order_id: id,
  order_name: `#${1000 + id}`,
  source: 'dropline',
  source_status: status === 'processing' ? 'placing' : status,
  status,
  total: 12.5,
  message: status === 'error' ? 'The supplier is out of stock.' : null,
});

/**
 * Runs each check and reports every one that failed at the end (a failed check does not stop the
 * steps the next tests need).
 */
function checks() {
  const failed = [];
  return {
    async check(what, fn) {
      try {
        await fn();
      } catch (error) {
        failed.push(`${what}: ${String(error.message).split('\n')[0]}`);
      }
    },
    done: () => assert.deepEqual(failed, [], failed.join('; ')),
  };
}

/** Follows `ids` in the placement toast (as placing orders does) and reloads so the shell reads them. */
async function followPlacements(page, ids) {
  await page.evaluate((list) => sessionStorage.setItem('dropline.placements', JSON.stringify({ ids: list, open: true })), ids.map(String));
  await page.reload();
  await page.getByTestId('placement-toast').waitFor();
}

/** The box once it has stopped moving (two reads 100 ms apart agree). */
async function restingBox(page, locator) {
  let last = await locator.boundingBox();
  for (let i = 0; i < 20; i += 1) {
    await page.waitForTimeout(100);
    const box = await locator.boundingBox();
    if (box.y === last.y && box.x === last.x) return box;
    last = box;
  }
  return last;
}

describe('the first hour of a store owner', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('firsthour');
  const shopName = `e2e-first-${rand()}`;
  const shopDomain = `${shopName}.myshopify.com`;
  let storeId = '';
  let pushed = { id: '', title: '' };
  let orderName = '';

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'firsthour-signup' } });
  });

  after(async () => {
    await browser?.close();
  });

  it('1. a plain toast shows below the top bar and closes after 3 s', () =>
    withPage(browser, 'firsthour-1', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/setting/product`);
      await page.getByTestId('pricing-save').click();
      const toast = page.locator('[data-testid="toast"][data-type="success"]').first();
      await toast.waitFor();
      const shown = Date.now();
      // The toast slides in from above; where it rests is what the owner sees, so measure then.
      const box = await restingBox(page, toast);
      const bar = await page.getByTestId('top-bar').boundingBox();
      assert.ok(box.y >= bar.y + bar.height, `the toast (top ${box.y}) covers the top bar (bottom ${bar.y + bar.height})`);
      await toast.waitFor({ state: 'detached', timeout: CLOSE_WITHIN_MS });
      assert.ok(Date.now() - shown >= 2500, 'the toast stayed its 3 s');
    }));

  it('2. on a phone the progress card takes under a third of the screen, collapses, and closes itself once done', () =>
    withPage(
      browser,
      'firsthour-2',
      async (page) => {
        await signedIn(page, email);
        const ids = Array.from({ length: 12 }, (_, i) => i + 1);
        let state = 'processing';
        await fakePlacements(page, () => ids.map((id) => placement(id, state)));
        await followPlacements(page, ids);
        const card = page.getByTestId('placement-toast');
        await page.getByTestId('placement-toast-item').nth(11).waitFor({ state: 'attached' });
        const box = await card.boundingBox();
        await screenshot(page, 'firsthour-2-phone');
        const c = checks();
        await c.check('a third of the screen', async () =>
          assert.ok(box.height <= PHONE.height / 3, `the card is ${box.height}px tall on a ${PHONE.height}px screen`),
        );
        await c.check('collapses', async () => {
          await page.getByTestId('placement-toast-collapse').click({ timeout: 3000 });
          await page.locator('[data-testid="placement-toast"][data-collapsed="true"]').waitFor({ timeout: 3000 });
          assert.equal(await page.getByTestId('placement-toast-item').count(), 0, 'collapsed to its header');
          assert.ok((await card.boundingBox()).height < 100, 'the collapsed card is its header');
        });

        // Every order placed: the card goes by itself, and the list with it.
        state = 'success';
        await page.locator('[data-testid="placement-toast"][data-processing="0"]').waitFor();
        await c.check('closes itself', async () => {
          await card.waitFor({ state: 'detached', timeout: CLOSE_WITHIN_MS });
          assert.equal(await page.evaluate(() => sessionStorage.getItem('dropline.placements')), null, 'the list was cleared');
        });
        c.done();
      },
      PHONE,
    ));

  it('3. a failed order keeps the card open until it is closed; closing it clears the list', () =>
    withPage(browser, 'firsthour-3', async (page) => {
      await signedIn(page, email);
      await fakePlacements(page, () => [placement(1, 'success'), placement(2, 'error')]);
      await followPlacements(page, [1, 2]);
      await page.locator('[data-testid="placement-toast"][data-error="1"]').waitFor();
      await page.waitForTimeout(CLOSE_WITHIN_MS);
      assert.equal(await page.getByTestId('placement-toast').count(), 1, 'the error stays for the owner to read');
      await page.getByTestId('placement-toast-close').click();
      await page.getByTestId('placement-toast').waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => sessionStorage.getItem('dropline.placements')), null, 'the list was cleared');
    }));

  it('4. a product imported in another tab no longer offers Import in the first', () =>
    withPage(browser, 'firsthour-4', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/channel`);
      storeId = await connectShopify(page, shopName);
      await page.goto(`${BASE_URL}/app/find-product?source=dropline`);
      await searchUntilResults(page, KEYWORD);
      // Only the keyword's results (the search may still show the previous page's cards).
      await page.reload();
      const cards = page.getByTestId('product-card');
      await cards.nth(1).waitFor();
      const keys = [await cards.nth(0).getAttribute('data-key'), await cards.nth(1).getAttribute('data-key')];
      const card = (p, key) => p.locator(`[data-testid="product-card"][data-key="${key}"]`);
      assert.equal(await card(page, keys[0]).getAttribute('data-import-state'), 'idle');

      // The other tab imports both.
      const other = await page.context().newPage();
      await other.goto(page.url());
      for (const key of keys) {
        await card(other, key).getByTestId('import-button').click();
        await card(other, key).and(other.locator('[data-import-state="imported"]')).waitFor({ timeout: 20_000 });
      }
      await other.close();

      // Import on the stale card: it says imported, not an error.
      const c = checks();
      await card(page, keys[0]).getByTestId('import-button').click();
      await page.waitForFunction(
        (key) =>
          ['imported', 'error'].includes(document.querySelector(`[data-testid="product-card"][data-key="${key}"]`)?.dataset.importState),
        keys[0],
      );
      await c.check('the stale card', async () => assert.equal(await card(page, keys[0]).getAttribute('data-import-state'), 'imported'));
      // Away and back: the other card is marked too.
      await page.getByTestId('nav-import-list').click();
      await page.getByTestId('import-row').nth(1).waitFor();
      await page.goBack();
      await card(page, keys[1]).waitFor();
      await c.check('back on the page', () =>
        card(page, keys[1]).and(page.locator('[data-import-state="imported"]')).waitFor({ timeout: 10_000 }),
      );
      c.done();
    }));

  it('5. after a push the rows are no longer selected, the toast closes itself and the pushed products leave the import list', () =>
    withPage(browser, 'firsthour-5', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/products-import`);
      const rows = page.getByTestId('import-row');
      await rows.nth(1).waitFor();
      const ids = [await rows.nth(0).getAttribute('data-id'), await rows.nth(1).getAttribute('data-id')];
      pushed = { id: ids[0], title: await rows.nth(0).getAttribute('data-title') };
      await rows.nth(0).getByTestId('import-row-select').click();
      await rows.nth(1).getByTestId('import-row-select').click();
      await page.getByTestId('bulk-push').click();
      await page.getByTestId('push-modal').waitFor();
      await tickDestination(page, storeId);
      await page.getByTestId('push-submit').click();
      await page.getByTestId('push-modal').waitFor({ state: 'detached' });
      const items = await toastSettled(page, 'push-toast', { count: 2, timeout: PUSH_WAIT_MS });
      assert.deepEqual(
        items.map((i) => i.status),
        ['success', 'success'],
      );
      const c = checks();
      await c.check('the toast closes itself', () =>
        page.getByTestId('push-toast').waitFor({ state: 'detached', timeout: CLOSE_WITHIN_MS }),
      );
      await c.check('no row stays selected', async () => {
        assert.equal(await page.getByTestId('bulk-push').count(), 0, 'no Push button for rows that were pushed');
        assert.equal(await page.locator('[data-testid="import-row-select"] input:checked').count(), 0);
      });
      await c.check('the pushed products leave the list', async () => {
        for (const id of ids)
          await page.locator(`[data-testid="import-row"][data-id="${id}"]`).waitFor({ state: 'detached', timeout: 10_000 });
      });
      c.done();
    }));

  it("6. a new account's order list says what comes there; a customer's order shows up without a reload", () =>
    withPage(browser, 'firsthour-6', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/orders`);
      await page.getByTestId('order-center-page').waitFor();
      const c = checks();
      await c.check('the empty list explains', async () => {
        const empty = page.getByTestId('order-empty-new');
        await empty.waitFor({ timeout: 10_000 });
        assert.match(await empty.innerText(), /connected store/);
        assert.match(await empty.innerText(), /30 seconds/);
        await screenshot(page, 'firsthour-6-empty');
      });

      await page.goto(`${BASE_URL}/app/orders?${wideRange()}`);
      await page.getByTestId('order-center-page').waitFor();
      orderName = await customerBuys(shopDomain, pushed);
      await c.check('the new order shows up', () =>
        page.locator(`[data-testid="order-row"][data-name="${orderName}"]`).waitFor({ timeout: NEW_ORDER_WAIT_MS }),
      );
      c.done();
    }));

  it('7. placing an order brings the owner back to the list with its filters', () =>
    withPage(browser, 'firsthour-7', async (page) => {
      await signedIn(page, email);
      await topUp(page, 200);
      const items = await placeAndPayFromWallet(page, orderName);
      assert.deepEqual(
        items.map((i) => i.status),
        items.map(() => 'success'),
      );
      const c = checks();
      await c.check('the filters are kept', async () => assert.equal(new URL(page.url()).search, `?${wideRange()}`));
      await c.check('the toast closes itself', () =>
        page.getByTestId('placement-toast').waitFor({ state: 'detached', timeout: CLOSE_WITHIN_MS }),
      );
      c.done();
    }));
});
