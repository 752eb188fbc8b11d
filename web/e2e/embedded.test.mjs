// The dashboard inside the Shopify admin: the sandbox's admin page frames it with
// embedded=1&shop=&host=, its stand-in App Bridge hands a session token, and the dashboard signs
// the shop's owner in through auto-login (installing the store), keeping the session per tab.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, SANDBOX, openBrowser, rand, withPage } from './helpers.mjs';

const CLIENT_ID = 'dropline-dev'; // config/test.toml's shopify.client_id

describe('embedded in the Shopify admin', { concurrency: false }, () => {
  let browser;

  before(async () => {
    browser = await openBrowser({ sandbox: true });
  });

  after(async () => {
    await browser?.close();
  });

  it('opening the app in the admin signs the shop owner in with the embedded menus', () =>
    withPage(browser, 'embedded-admin', async (page) => {
      const shop = `embedded-${rand()}.myshopify.com`;
      await page.goto(`${SANDBOX}/_sandbox/shopify/admin/${shop}/apps/${CLIENT_ID}?url=${encodeURIComponent(`${BASE_URL}/app`)}`);
      const frame = page.frameLocator('iframe#app');
      // Signed in: the session lives in the tab's sessionStorage, never in localStorage.
      const frameHandle = await page.waitForSelector('iframe#app');
      const appFrame = await frameHandle.contentFrame();
      await appFrame.waitForFunction(() => sessionStorage.getItem('dropline.token') !== null, null, { timeout: 15_000 });
      const stored = await appFrame.evaluate(() => ({
        session: sessionStorage.getItem('dropline.token'),
        local: localStorage.getItem('dropline.token'),
      }));
      assert.ok(stored.session, 'the session token is kept for the tab');
      assert.equal(stored.local, null, 'nothing persists beyond the tab');
      const account = await appFrame.evaluate(async () => {
        const res = await fetch('/api/auth/account', { headers: { authorization: `Bearer ${sessionStorage.getItem('dropline.token')}` } });
        return res.json();
      });
      assert.equal(account.data.email, `owner@${shop}`);
      assert.equal(account.data.linked_stores.shopify[0].platform_domain, shop);

      // Inside the dashboard's own navigation (Shopify's parameters gone), the embedded menus.
      await appFrame.goto(`${BASE_URL}/app/find-product`);
      await frame.getByTestId('nav-general-setting').waitFor();
      assert.equal(await frame.getByTestId('nav-help-center').count(), 0, 'the Extra group is hidden when embedded');
    }));

  it("without a session token from App Bridge, the dashboard goes to the install route with Shopify's parameters, once", () =>
    withPage(browser, 'embedded-no-bridge', async (page) => {
      // Opened outside the admin's frame: the stand-in App Bridge has no admin to ask.
      const search = `?embedded=1&shop=lost-${rand()}.myshopify.com&host=YWRtaW4`;
      await page.goto(`${BASE_URL}/app${search}`);
      // Read at the install route itself: signed out, it moves on to the login page at once.
      let install;
      await page.waitForURL((url) => url.pathname === '/install' && Boolean((install = url)));
      assert.equal(install.search, search);
      // The install page asks a signed-out merchant to sign in; nothing sends the tab back to /app.
      const seen = [];
      page.on('framenavigated', (f) => f === page.mainFrame() && seen.push(new URL(f.url()).pathname));
      await page.waitForTimeout(2000);
      assert.ok(!seen.includes('/app'), `no loop: ${seen.join(' -> ')}`);
    }));
});
