// Stores and channels against the sandbox: Shopify and WooCommerce connects (with their real
// redirects), default store, disconnect and removal, TikTok, and the store inspection page.
// Run: npm run test:e2e (E2E_BASE_URL for the product; the sandbox answers on E2E_SANDBOX_URL).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  BASE_URL,
  chooseLanguage,
  htmlDir,
  openBrowser,
  rand,
  SANDBOX,
  SANDBOX_HOST,
  screenshot,
  signedIn,
  uniqueEmail,
  withPage,
} from './helpers.mjs';
import { JOB_WAIT_MS, sandbox, storeRow } from './sandbox-flows.mjs';

describe('stores and channels', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('stores');
  const shopName = `e2e-${rand()}`;
  const shopDomain = `${shopName}.myshopify.com`;
  const wooName = `e2e${rand()}`;
  const wooDomain = `${SANDBOX_HOST}/woo/${wooName}`;

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'stores-signup' } });
  });

  after(async () => {
    await browser?.close();
  });

  it('1. connects a Shopify store through the install page and the /callback route', () =>
    withPage(browser, 'stores-1', async (page) => {
      await signedIn(page, email);
      await page.getByTestId('store-selector-connect').click();
      await page.waitForURL(/\/app\/channel$/);
      await page.getByTestId('stores-empty').waitFor();
      await page.getByTestId('channel-connect-shopify').click();
      const submit = page.getByTestId('connect-submit');
      assert.equal(await submit.isDisabled(), true, 'Connect is disabled while the URL is empty');
      await page.getByTestId('connect-store-url').fill(shopName);
      await submit.click();
      // The sandbox approves the install and sends the browser to /callback, then to the channel page.
      await page.waitForURL(/\/app\/channel$/, { timeout: 20_000 });
      const shop = storeRow(page, shopDomain);
      await shop.waitFor();
      assert.equal(await shop.getByTestId('store-status').innerText(), 'Active');
      assert.equal(await shop.getAttribute('data-default'), 'true', 'the first store is the default');
      await page.locator('[data-testid="toast"][data-type="success"]').first().waitFor();
      // The setup job registers webhooks and reads the sales channels.
      await shop.locator('[data-setup="ready"]').waitFor({ timeout: JOB_WAIT_MS });
      await shop.locator('[data-testid^="publications-"]').waitFor();
      await shop.getByTestId('publication-online_store').waitFor();
      // The store selector follows.
      const shopId = (await shop.getAttribute('data-testid')).replace('store-row-', '');
      await page.waitForFunction(
        (id) => document.querySelector('[data-testid="store-selector"]')?.getAttribute('data-current') === id,
        shopId,
      );
      assert.equal(await page.evaluate(() => localStorage.getItem('dropline.shop_id')), shopId);

      // The same shop again: StoreAlreadyExistsInThisAccount before any call.
      await page.getByTestId('channel-connect-shopify').click();
      await page.getByTestId('connect-store-url').fill(`https://${shopDomain}/admin`);
      assert.equal(await page.getByTestId('connect-error').innerText(), 'This store is already connected to your account.');
      assert.equal(await page.getByTestId('connect-submit').isDisabled(), true);
      await screenshot(page, 'stores-1-shopify');
    }));

  it('2. connects a WooCommerce store through wc-auth, and another one with API keys', () =>
    withPage(browser, 'stores-2', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/channel`);
      await page.getByTestId('channel-connect-woocommerce').click();
      await page.getByTestId('connect-store-url').fill(`http://${wooDomain}`);
      await page.getByTestId('connect-submit').click();
      await page.waitForURL(/\/app\/channel/, { timeout: 20_000 });
      await page.getByText('Your WooCommerce store is connected.').waitFor();
      await storeRow(page, wooDomain).waitFor();
      assert.doesNotMatch(page.url(), /success=|user_id=/, 'the return parameters are cleared');
      assert.equal(await storeRow(page, wooDomain).getByTestId('store-status').innerText(), 'Active');

      // Pasted keys: the sandbox issues a key pair for a second store.
      const keyed = `e2ek${rand()}`;
      const keys = await sandbox(`/_sandbox/woo/${keyed}/keys`, {});
      await page.getByTestId('channel-connect-woocommerce').click();
      await page.getByTestId('connect-store-url').fill(`${SANDBOX}/woo/${keyed}`);
      await page.getByTestId('connect-with-keys').click();
      await page.getByTestId('connect-consumer-key').fill(keys.consumer_key);
      await page.getByTestId('connect-consumer-secret').fill(keys.consumer_secret);
      await page.getByTestId('connect-submit').click();
      await storeRow(page, `${SANDBOX_HOST}/woo/${keyed}`).waitFor();
      await page.getByTestId('connect-dialog').waitFor({ state: 'detached' });
    }));

  it('3. lists the stores, makes one the default, disconnects and removes another', () =>
    withPage(browser, 'stores-3', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/channel`);
      const shop = storeRow(page, shopDomain);
      const woo = storeRow(page, wooDomain);
      await shop.waitFor();
      await woo.waitFor();
      assert.equal(await page.locator('[data-testid^="store-row-"]').count(), 3);

      await woo.getByTestId('store-make-default').click();
      await page.waitForFunction((d) => document.querySelector(`[data-domain="${d}"]`)?.getAttribute('data-default') === 'true', wooDomain);
      assert.equal(await shop.getAttribute('data-default'), null);
      // Default first after a reload.
      await page.reload();
      await page.locator('[data-testid^="store-row-"]').first().waitFor();
      assert.equal(await page.locator('[data-testid^="store-row-"]').first().getAttribute('data-domain'), wooDomain);

      await shop.hover();
      await shop.getByTestId('store-disconnect').click();
      await page.getByTestId('disconnect-store-dialog-confirm').click();
      await page.waitForFunction(
        (d) => document.querySelector(`[data-domain="${d}"]`)?.getAttribute('data-status') === 'disconnected',
        shopDomain,
      );
      assert.equal(await shop.getByTestId('store-status').innerText(), 'Disconnected');

      await shop.getByTestId('store-remove').click();
      await page.getByTestId('remove-store-dialog-confirm').click();
      await shop.waitFor({ state: 'detached' });
      assert.equal(await page.locator('[data-testid^="store-row-"]').count(), 2);

      // Account & linked stores groups what is left by platform.
      await page.goto(`${BASE_URL}/app/setting/account`);
      await page.getByTestId('linked-group-woocommerce').waitFor();
      assert.equal(await page.getByTestId('linked-group-shopify').count(), 0);
      await screenshot(page, 'stores-3-linked');
    }));

  it('4. connects TikTok Shop and saves its settings', () =>
    withPage(browser, 'stores-4', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/channel`);
      await page.getByTestId('channel-connect-tiktok').click();
      // TikTok's page approves and returns to /app/auth/bind/platform, then to the channel page.
      await page.waitForURL(/\/app\/channel$/, { timeout: 20_000 });
      const card = page.getByTestId('channel-card-tiktok');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="channel-card-tiktok"]')?.getAttribute('data-state') === 'active',
      );
      assert.equal(await card.getByTestId('channel-active-tiktok').innerText(), 'Active');
      await page.getByTestId('channel-settings-tiktok').click();
      const warehouse = page.getByTestId('setting-warehouse');
      await warehouse.waitFor();
      assert.notEqual(await warehouse.inputValue(), '', 'a warehouse is preselected');
      assert.equal(await page.getByTestId('setting-weight').inputValue(), '1');
      await page.getByTestId('setting-weight').fill('2');
      await page.getByTestId('channel-settings-save').click();
      await page.getByText('Settings saved.').waitFor();
      await screenshot(page, 'stores-4-tiktok');
    }));

  it('5. scans a sandbox storefront and shows its theme and apps', () =>
    withPage(browser, 'stores-5', async (page) => {
      const scanned = `e2e-scan-${rand()}.myshopify.com`;
      const truth = await sandbox(`/_sandbox/shopify/${scanned}`);
      await signedIn(page, email);
      await page.getByTestId('nav-store-analytics').click();
      await page.waitForURL(/\/app\/store-analytics$/);
      await page.getByTestId('inspection-url').fill(`${SANDBOX}/shops/${scanned}/`);
      await page.getByTestId('inspection-submit').click();
      // The scan is a job run by the worker; the page polls it.
      await page.getByTestId('inspection-result').waitFor({ timeout: JOB_WAIT_MS });
      assert.match(await page.getByTestId('inspection-theme').innerText(), new RegExp(truth.theme.schema_name));
      assert.equal(await page.getByTestId('inspection-currency').innerText(), truth.currency);
      if (truth.apps.length > 0) {
        await page.getByTestId('inspection-app').first().waitFor();
        assert.ok((await page.getByTestId('inspection-app').count()) >= 1);
      }
      await screenshot(page, 'stores-5-inspection');
    }));

  it('6. the channel page reads right to left in Arabic', () =>
    withPage(browser, 'stores-6', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/channel`);
      await page.getByTestId('channel-page').waitFor();
      await chooseLanguage(page, 'ar');
      assert.equal(await htmlDir(page), 'rtl');
      await page.getByText('منصات المتاجر').waitFor();
      assert.equal(await page.getByTestId('page-title').innerText(), 'قنواتي');
      // The connect dialog keeps addresses left to right.
      await page.getByTestId('channel-connect-shopify').click();
      assert.equal(await page.getByTestId('connect-store-url').getAttribute('dir'), 'ltr');
      await screenshot(page, 'stores-6-channel-ar');
      await page.keyboard.press('Escape');
      // Back to English for the account.
      await chooseLanguage(page, 'en');
      assert.equal(await htmlDir(page), 'ltr');
    }));
});
