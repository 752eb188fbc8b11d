// Issue 19's screens against the running product: each route shows real content (never the
// "coming soon" placeholder) on a desktop and a 390×844 phone, in English and in Arabic; the
// settings side menu on a settings page; back-to-top past 500 px; the top bar's app switcher.
// Run: /work/tools/e2e-one.sh e2e/screens.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, chooseLanguage, htmlDir, openBrowser, screenshot, signedIn, uniqueEmail, withPage } from './helpers.mjs';

const locale = (lng) => JSON.parse(readFileSync(new URL(`../src/locales/${lng}.json`, import.meta.url), 'utf8'));
const TEXT = { en: locale('en'), ar: locale('ar') };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];

/** Public routes: the page's test id and the title it must show (from the locale files). */
const PUBLIC = [
  ['/', 'landing-page', (l) => l.marketing.landing.title],
  ['/signup/confirm', 'signup-confirm-page', (l) => l.auth.confirm.title],
  ['/store-dropshipping', 'store-dropshipping-page', (l) => l.marketing.store.title],
  ['/recommended/apps', 'recommended-apps-page', (l) => l.pages.recommendedApps],
];

/** Signed-in routes; /app/list is the product list, which the product center is. */
const APP = [
  ['/app/ob-welcome', 'welcome-page', (l) => l.welcome.titleNamed.replace('{{name}}', 'Ada')],
  ['/app/guide-line', 'guide-page', (l) => l.pages.guideLine],
  ['/app/manage', 'manage-page', (l) => l.pages.manage],
  ['/app/community', 'community-page', (l) => l.pages.community],
];

/** No placeholder anywhere on the page, in either language. */
async function assertNoComingSoon(page) {
  assert.equal(await page.getByTestId('coming-soon').count(), 0, 'the placeholder is shown');
  const body = await page.locator('body').innerText();
  for (const l of Object.values(TEXT)) assert.ok(!body.includes(l.common.comingSoon), `"${l.common.comingSoon}" on the page`);
}

async function assertLanguage(page, lng) {
  await page.waitForFunction((want) => document.documentElement.lang === want, lng);
  assert.equal(await htmlDir(page), lng === 'ar' ? 'rtl' : 'ltr');
}

describe('issue 19 screens', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('screens');

  before(async () => {
    browser = await openBrowser({ signUp: { email, name: 'screens-signup' } });
  });

  after(async () => {
    await browser?.close();
  });

  for (const lng of ['en', 'ar']) {
    for (const [size, viewport] of VIEWPORTS) {
      it(`public pages have real content (${lng}, ${size})`, () =>
        withPage(
          browser,
          `public-${lng}-${size}`,
          async (page) => {
            await page.addInitScript((l) => localStorage.setItem('dropline.language', l), lng);
            for (const [path, testId, title] of PUBLIC) {
              await page.goto(`${BASE_URL}${path}`);
              await page.getByTestId(testId).waitFor();
              await assertLanguage(page, lng);
              const h1 = page.getByTestId(testId).getByRole('heading', { level: 1 });
              assert.equal((await h1.innerText()).trim(), title(TEXT[lng]), path);
              await assertNoComingSoon(page);
              await screenshot(page, `screens-${lng}-${size}${path.replaceAll('/', '-')}`);
            }
            // The recommended apps are the API's catalogue: ours first.
            await page.goto(`${BASE_URL}/recommended/apps`);
            await page.getByTestId('apps-group-ours').waitFor();
            assert.ok((await page.getByTestId('recommended-app').count()) > 100);
            assert.match(await page.getByTestId('recommended-app').first().innerText(), /^Dropline/);
            // The landing page leads to sign-up.
            await page.goto(`${BASE_URL}/`);
            await page.getByTestId('landing-signup').click();
            await page.waitForURL(`${BASE_URL}/signup`);
          },
          viewport,
        ));

      it(`signed-in pages have real content (${lng}, ${size})`, () =>
        withPage(
          browser,
          `app-${lng}-${size}`,
          async (page) => {
            await signedIn(page, email);
            // The account's language is what the dashboard speaks: choose it in the top bar.
            await chooseLanguage(page, lng);
            for (const [path, testId, title] of APP) {
              await page.goto(`${BASE_URL}${path}`);
              await page.getByTestId(testId).waitFor();
              await assertLanguage(page, lng);
              assert.equal((await page.getByTestId('page-title').innerText()).trim(), title(TEXT[lng]), path);
              await assertNoComingSoon(page);
              await screenshot(page, `screens-${lng}-${size}${path.replaceAll('/', '-')}`);
            }
            await page.goto(`${BASE_URL}/app/list`);
            await page.waitForURL(`${BASE_URL}/app/products-center`);
            await assertNoComingSoon(page);
          },
          viewport,
        ));
    }
  }

  it('the settings side menu is on a settings page and leads to the others (desktop and phone)', async () => {
    for (const [size, viewport] of VIEWPORTS) {
      await withPage(
        browser,
        `settings-menu-${size}`,
        async (page) => {
          await signedIn(page, email);
          await chooseLanguage(page, 'en');
          await page.goto(`${BASE_URL}/app/setting/account`);
          const menu = page.getByTestId('settings-menu');
          await menu.waitFor();
          const labels = (await menu.getByRole('link').allInnerTexts()).map((s) => s.trim());
          assert.deepEqual(labels, [
            'Account',
            'Billing',
            'Notification',
            'Product',
            'Fulfillment',
            'Order fulfillment',
            'Wallet',
            'Channel',
          ]);
          await page.locator('[data-testid="settings-menu-account"][aria-current="page"]').waitFor();
          await screenshot(page, `screens-settings-menu-${size}`);
          assert.equal(await page.getByTestId('settings-menu-notification').getAttribute('href'), '/app/setting/notification');
          await page.getByTestId('settings-menu-wallet').click();
          await page.waitForURL(`${BASE_URL}/app/setting/wallet`);
          await page.locator('[data-testid="settings-menu-wallet"][aria-current="page"]').waitFor();
          await page.getByTestId('wallet-page').waitFor();
          // Not a settings page: no settings menu.
          await page.goto(`${BASE_URL}/app/manage`);
          await page.getByTestId('manage-page').waitFor();
          assert.equal(await page.getByTestId('settings-menu').count(), 0);
        },
        viewport,
      );
    }
  });

  it('back-to-top appears past 500 px of scrolling and takes the page back up', () =>
    withPage(
      browser,
      'back-to-top',
      async (page) => {
        await signedIn(page, email);
        await page.goto(`${BASE_URL}/app/guide-line`);
        await page.getByTestId('guide-topic-wallet').waitFor();
        const room = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
        assert.ok(room > 600, `the page scrolls far enough for the check (${room} px)`);
        await page.evaluate(() => window.scrollTo(0, 400));
        await page.waitForFunction(() => window.scrollY === 400);
        await page.waitForTimeout(200);
        assert.equal(await page.getByTestId('back-to-top').count(), 0, 'not yet at 400 px');
        await page.evaluate(() => window.scrollTo(0, 600));
        await page.getByTestId('back-to-top').click();
        await page.waitForFunction(() => window.scrollY === 0);
        await page.getByTestId('back-to-top').waitFor({ state: 'detached' });
      },
      PHONE,
    ));

  it('the app switcher in the top bar lists Dropline and the product researcher, not the extension', () =>
    withPage(browser, 'app-switcher', async (page) => {
      await signedIn(page, email);
      await page.getByTestId('app-switcher').click();
      const menu = page.getByTestId('app-switcher-menu');
      await menu.waitFor();
      assert.match(await page.getByTestId('app-switcher-dropline').innerText(), /Dropline/);
      const researcher = page.getByTestId('app-switcher-researcher');
      assert.equal(await researcher.getAttribute('target'), '_blank');
      assert.match(await researcher.getAttribute('href'), /^https:\/\//);
      assert.equal(await page.getByTestId('app-switcher-extension').count(), 0);
    }));
});
