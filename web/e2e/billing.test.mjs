// Plans (issue 20): a free owner sees the Upgrade button, opens change plan, sees the plans with
// their monthly and yearly prices, chooses Pro and lands on the payment vendor's checkout page in
// the sandbox; with two customer orders, placing both at once is refused by the plan and the
// order page says so in words, with a link to change plan; paying for Pro at the vendor's hosted
// checkout changes the plan once the vendor's signed webhook arrives, and both orders then go at once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, SANDBOX, chooseLanguage, openBrowser, pageApi, rand, screenshot, signedIn, uniqueEmail, withPage } from './helpers.mjs';
import {
  JOB_WAIT_MS,
  ORDER_WAIT_MS,
  PLACE_WAIT_MS,
  connectAndPush,
  customerBuys,
  reloadUntil,
  toastSettled,
  wideRange,
} from './sandbox-flows.mjs';

const PHONE = { width: 390, height: 844 };

/** Nothing on the page is wider than the phone's screen. */
async function noSidewaysScroll(page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= PHONE.width, `the page is ${wide} px wide on a ${PHONE.width} px screen`);
}

describe('billing: plans, checkout and the plan gates', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('billing');
  const shopName = `e2e-billing-${rand()}`;
  /** The two ready orders of test 3, placed at once in test 5. */
  let twoOrders = [];

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'billing-signup' } });
  });

  after(async () => {
    await browser?.close();
  });

  it('1. the public price list shows the plans per month, monthly or yearly', () =>
    withPage(browser, 'billing-1', async (page) => {
      await page.goto(`${BASE_URL}/public/pricing`);
      const pro = page.locator('[data-testid="plan-card"][data-key="PRO_DROPLINE_AO_TIER_1"]');
      await pro.waitFor();
      assert.equal(await pro.getByTestId('plan-price').innerText(), '$29.9');
      await page.getByTestId('cycle-yearly').click();
      const yearly = page.locator('[data-testid="plan-card"][data-key="PRO_DROPLINE_AO_TIER_1_YEARLY"]');
      await yearly.waitFor();
      assert.equal(await yearly.getByTestId('plan-price').innerText(), '$24.9');
      assert.equal(await page.getByTestId('coming-soon').count(), 0);
    }));

  it('2. a free owner upgrades from the top bar to the vendor checkout for Pro', () =>
    withPage(browser, 'billing-2', async (page) => {
      await signedIn(page, email);
      await page.getByTestId('upgrade-button').click();
      await page.waitForURL(`${BASE_URL}/app/setting/billing-plan/change-plan`);
      const free = page.locator('[data-testid="plan-card"][data-key="FREE_ORDER_FULFILLMENT_2"]');
      await free.waitFor();
      assert.equal(await free.getAttribute('data-current'), 'true', 'the free plan is marked as the current one');
      const pro = page.locator('[data-testid="plan-card"][data-key="PRO_DROPLINE_AO_TIER_1"]');
      assert.equal(await pro.getByTestId('plan-price').innerText(), '$29.9');
      assert.match(await pro.getByTestId('plan-cycle').innerText(), /Billed monthly/);
      await page.getByTestId('cycle-yearly').click();
      await page.locator('[data-testid="plan-card"][data-key="PRO_DROPLINE_AO_TIER_1_YEARLY"]').waitFor();
      await page.getByTestId('cycle-monthly').click();
      await screenshot(page, 'billing-2-change-plan');
      await pro.getByTestId('plan-choose').click();
      await page.waitForURL((url) => url.toString().startsWith(SANDBOX), { timeout: 20_000 });
      await screenshot(page, 'billing-2-checkout');
    }));

  it('3. placing two orders at once on the free plan shows the translated prompt and its link', () =>
    withPage(browser, 'billing-3', async (page) => {
      await signedIn(page, email);
      const { product } = await connectAndPush(page, shopName);
      const names = [await customerBuys(`${shopName}.myshopify.com`, product), await customerBuys(`${shopName}.myshopify.com`, product)];
      for (const name of names) {
        await reloadUntil(
          page,
          `${BASE_URL}/app/orders?${wideRange()}`,
          `[data-testid="order-row"][data-name="${name}"][data-status="ready"]`,
          ORDER_WAIT_MS,
        );
      }
      const list = await pageApi(page, `orders/v5/list?tab=placement&${wideRange()}`);
      const ids = list.data.items.filter((o) => names.includes(o.name)).map((o) => o.id);
      assert.equal(ids.length, 2, JSON.stringify(list.data.items.map((o) => o.name)));
      twoOrders = ids;
      await page.goto(`${BASE_URL}/app/orders/create?orders=${encodeURIComponent(JSON.stringify(ids))}`);
      await page.getByTestId('preview-order').first().waitFor();
      await page.getByTestId('create-order-submit').click();
      const prompt = page.locator('[data-testid="upgrade-prompt"][data-prompt="BulkOrderPlacementIsDisabled"]');
      await prompt.waitFor();
      const text = await prompt.innerText();
      assert.match(text, /Placing several orders at once is not included in your plan/);
      assert.ok(!text.includes('BulkOrderPlacementIsDisabled'), 'the key is not shown raw');
      await screenshot(page, 'billing-3-gate');
      await prompt.getByTestId('upgrade-prompt-link').click();
      await page.waitForURL(`${BASE_URL}/app/setting/billing-plan/change-plan`);
    }));

  it('4. on a phone in Arabic the plans and the billing page read right to left and fit the screen', () =>
    withPage(
      browser,
      'billing-4',
      async (page) => {
        await signedIn(page, email);
        await chooseLanguage(page, 'ar');
        await page.goto(`${BASE_URL}/app/setting/billing-plan/change-plan`);
        const pro = page.locator('[data-testid="plan-card"][data-key="PRO_DROPLINE_AO_TIER_1"]');
        await pro.waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
        assert.equal((await pro.getByTestId('plan-price').innerText()).replace(/[\u2066-\u2069]/g, ''), '$29.9');
        assert.equal(await page.getByTestId('cycle-yearly').innerText(), 'سنوي');
        const free = page.locator('[data-testid="plan-card"][data-key="FREE_ORDER_FULFILLMENT_2"]');
        assert.equal(await free.getByRole('heading').innerText(), 'مجانية', 'the free plan is named in Arabic');
        await noSidewaysScroll(page);
        await screenshot(page, 'billing-4-change-plan-ar');
        await page.goto(`${BASE_URL}/app/setting/billing`);
        await page.getByTestId('usage-bar-IMPORT_PRODUCT').waitFor();
        await page.getByTestId('payment-logs').waitFor();
        assert.equal(await page.getByTestId('page-title').innerText(), 'الفوترة');
        await noSidewaysScroll(page);
        await screenshot(page, 'billing-4-billing-ar');
      },
      PHONE,
    ));

  it('5. the owner pays for Pro at the vendor checkout, then places both orders at once', () =>
    withPage(browser, 'billing-5', async (page) => {
      assert.equal(twoOrders.length, 2, 'test 3 left two ready orders');
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/setting/billing-plan/change-plan`);
      await page.locator('[data-testid="plan-card"][data-key="PRO_DROPLINE_AO_TIER_1"]').getByTestId('plan-choose').click();
      await page.waitForURL((url) => url.toString().startsWith(`${SANDBOX}/payments/checkout/`), { timeout: 20_000 });
      await page.locator('#pay').click();
      await page.waitForURL(/\/app\/setting\/billing\?checkout=success/, { timeout: 20_000 });
      // The plan changes only when the vendor's signed webhook says the subscription is active.
      const deadline = Date.now() + JOB_WAIT_MS;
      for (let key = ''; key !== 'PRO_DROPLINE_AO_TIER_1'; await page.waitForTimeout(500)) {
        key = (await pageApi(page, 'payments/user/current-plan')).data?.package?.key ?? '';
        if (Date.now() > deadline) throw new Error(`the plan is still ${key}`);
      }
      await page.reload();
      await page.getByTestId('billing-next-charge').waitFor();
      await screenshot(page, 'billing-5-pro');

      await page.goto(`${BASE_URL}/app/orders/create?orders=${encodeURIComponent(JSON.stringify(twoOrders))}`);
      await page.getByTestId('preview-order').first().waitFor();
      await page.getByTestId('create-order-submit').click();
      await page.waitForURL(/\/app\/orders(\?|$)/, { timeout: 20_000 });
      const items = await toastSettled(page, 'placement-toast', { timeout: PLACE_WAIT_MS });
      assert.equal(await page.locator('[data-testid="upgrade-prompt"]').count(), 0, 'no plan prompt');
      assert.ok(items.length >= 2, `both orders went: ${JSON.stringify(items)}`);
      assert.deepEqual(
        items.filter((i) => i.status !== 'success'),
        [],
        'each supplier order was placed',
      );
    }));
});
