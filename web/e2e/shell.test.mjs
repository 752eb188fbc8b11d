// End-to-end scenarios of the dashboard shell against a running API that serves web/dist.
// Run: npm run test:e2e (E2E_BASE_URL defaults to http://127.0.0.1:8080).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  apiGet,
  BASE_URL,
  chooseLanguage,
  fillSignup,
  htmlDir,
  login,
  openBrowser,
  PASSWORD,
  screenshot,
  uniqueEmail,
  verificationLink,
  withPage,
} from './helpers.mjs';

describe('dashboard shell', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('shell');

  before(async () => {
    browser = await openBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  it('1. signs up, follows the verification link from the dev outbox and lands on the welcome, once', () =>
    withPage(browser, '1', async (page) => {
      await fillSignup(page, email);
      assert.match(await page.getByTestId('email-sent-body').innerText(), new RegExp(email.replace(/[.+]/g, '\\$&')));
      await page.getByTestId('email-resend').waitFor();

      const link = await verificationLink(email);
      assert.match(link, /\/auth\/email-verification\?id=.+&code=.+/);
      await page.goto(new URL(link, BASE_URL).toString());
      // A new owner starts on the onboarding welcome, inside the dashboard.
      await page.waitForURL(`${BASE_URL}/app/ob-welcome`);
      await page.getByTestId('dashboard-shell').waitFor();
      assert.match(await page.getByTestId('welcome-page').innerText(), /Ada/);
      // Seen once: the account no longer lists the prompt, so the next sign-up landing is home.
      await page.waitForFunction(async () => {
        const res = await fetch('/api/auth/account', { headers: { authorization: `Bearer ${localStorage.getItem('dropline.token')}` } });
        return !(await res.json()).data.remaining_meta_keys.includes('ONBOARDING');
      });
      await page.goto(`${BASE_URL}/app`);
      await page.getByTestId('home-greeting').waitFor();
      assert.equal(await page.getByTestId('side-nav').isVisible(), true);
      assert.equal(await page.getByTestId('mobile-tab-bar').count(), 0);
      assert.ok(await page.evaluate(() => localStorage.getItem('dropline.token')), 'token stored');
      await page.getByTestId('quick-start').waitFor();
      await screenshot(page, '1-dashboard-en');
    }));

  it('2. signs out from the user menu, then logs in with email and password', () =>
    withPage(browser, '2', async (page) => {
      await login(page, email);
      await page.getByTestId('dashboard-shell').waitFor();
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').click();
      await page.waitForURL(/\/login$/);
      const stored = await page.evaluate(() =>
        ['token', 'workplace_id', 'shop_id', 'reconnect'].map((k) => localStorage.getItem(`dropline.${k}`)),
      );
      assert.deepEqual(stored, [null, null, null, null]);

      // a returning owner signs in again in the same tab, without a reload: the dashboard loads
      // (it once sat on "Loading…" until a reload)
      await page.getByTestId('login-email').fill(email);
      await page.getByTestId('login-password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(`${BASE_URL}/app`);
      await page.getByTestId('home-greeting').waitFor({ timeout: 10_000 });
      assert.equal(await page.getByTestId('page-loading').count(), 0);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').click();
      await page.waitForURL(/\/login$/);

      // the shell is closed now
      await page.goto(`${BASE_URL}/app`);
      await page.waitForURL(/\/login\?redirect=/);

      // a wrong password shows the server's message as an error toast and stays on the form
      await login(page, email, 'not-the-password');
      await page.locator('[data-testid="toast"][data-type="error"]').first().waitFor();
      await page.waitForTimeout(1500);
      assert.match(page.url(), /\/login/);

      await login(page, email);
      await page.waitForURL(`${BASE_URL}/app`);
      await page.getByTestId('dashboard-shell').waitFor();
      await page.getByTestId('top-bar').waitFor();
      await page.getByTestId('nav-find-product').waitFor();
      await page.getByTestId('user-menu').waitFor();
    }));

  it('2b. an unverified account is offered a new verification email at login', () =>
    withPage(browser, '2b', async (page) => {
      const unverified = uniqueEmail('unverified');
      await fillSignup(page, unverified);
      await login(page, unverified);
      await page.getByTestId('login-not-verified').waitFor();
      await page.getByTestId('login-resend').click();
      await page.waitForURL(/\/signup\/email-resend/);
    }));

  it('3. switches to Arabic: right-to-left, Arabic text, saved to the account and kept after reload', () =>
    withPage(browser, '3', async (page) => {
      await login(page, email);
      await page.getByTestId('dashboard-shell').waitFor();
      assert.equal(await htmlDir(page), 'ltr');

      const saved = page.waitForResponse((r) => r.url().includes('/api/auth/account/set-language') && r.request().method() === 'PUT');
      await chooseLanguage(page, 'ar');
      const response = await saved;
      assert.equal((await response.json()).data?.language, 'ar');

      await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
      await page.getByText('قائمة الاستيراد').first().waitFor();
      await page.getByText('مرحبًا، Ada').waitFor();

      const token = await page.evaluate(() => localStorage.getItem('dropline.token'));
      const account = await apiGet('auth/account', token);
      assert.equal(account.body?.data?.language, 'ar', 'language saved on the account');

      // Forget the browser's own choice: after a reload the account's language must win.
      await page.evaluate(() => localStorage.removeItem('dropline.language'));
      await page.reload();
      await page.getByTestId('dashboard-shell').waitFor();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await page.getByText('قائمة الاستيراد').first().waitFor();

      // The side navigation sits on the right in RTL.
      const nav = await page.getByTestId('side-nav').boundingBox();
      const viewport = page.viewportSize();
      assert.ok(nav && viewport && nav.x > viewport.width / 2, `side nav on the right in RTL (x=${nav?.x})`);
      await page.getByTestId('quick-start').waitFor();
      await screenshot(page, '3-dashboard-ar-rtl');
    }));

  it('4. at 375 px wide the bottom tab bar replaces the side navigation (and the account language applies at sign-in)', () =>
    withPage(
      browser,
      '4',
      async (page) => {
        await login(page, email);
        await page.getByTestId('dashboard-shell').waitFor();
        await page.getByTestId('mobile-tab-bar').waitFor();
        assert.equal(await page.getByTestId('side-nav').count(), 0);
        for (const id of ['home', 'find-product', 'product-center', 'order-list', 'general-setting']) {
          assert.equal(await page.getByTestId(`tab-${id}`).isVisible(), true, `tab ${id}`);
        }
        assert.equal(await htmlDir(page), 'rtl', 'account language (ar) applied at sign-in');
        await screenshot(page, '4-mobile-ar');

        // back to English for the rest of the suite
        const saved = page.waitForResponse((r) => r.url().includes('/api/auth/account/set-language'));
        await chooseLanguage(page, 'en');
        await saved;
        await page.waitForFunction(() => document.documentElement.dir === 'ltr');
        await page.getByTestId('tab-order-list').click();
        await page.waitForURL(/\/app\/orders$/);
        await page.getByTestId('order-center-page').waitFor();
        assert.equal(await page.getByTestId('tab-order-list').getAttribute('aria-current'), 'page');
        await screenshot(page, '4-mobile-en-orders');
      },
      { width: 375, height: 812 },
    ));

  it('4b. the workplace selector stores the chosen workplace and goes home', () =>
    withPage(browser, '4b', async (page) => {
      await login(page, email);
      await page.getByTestId('dashboard-shell').waitFor();
      const token = await page.evaluate(() => localStorage.getItem('dropline.token'));
      const created = await fetch(`${BASE_URL}/api/core/workplaces`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: 'Second shop', currency: 'EUR' }),
      }).then((r) => r.json());
      assert.equal(created.success, true, JSON.stringify(created));
      const second = created.data.id;

      await page.goto(`${BASE_URL}/app/orders`);
      await page.getByTestId('workplace-selector').click();
      await page.getByTestId(`workplace-option-${second}`).click();
      await page.waitForURL(`${BASE_URL}/app`);
      assert.equal(await page.evaluate(() => localStorage.getItem('dropline.workplace_id')), second);
      await page.getByTestId('workplace-selector').getByText('Second shop').waitFor();
      await page.getByTestId('home-page').waitFor();
    }));

  it('5. an unknown route shows the not-found page', () =>
    withPage(browser, '5', async (page) => {
      await page.goto(`${BASE_URL}/this/route/does-not-exist`);
      await page.getByTestId('not-found').waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Page not found' }).isVisible(), true);
      await screenshot(page, '5-not-found');
    }));
});
