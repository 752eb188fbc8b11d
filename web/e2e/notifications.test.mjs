// Notifications (issue 19 item 12) against the sandbox: the owner chooses per type on
// /app/setting/notification, a store removed in Shopify notifies, the bell and /app/notifications
// show it, and it is marked read one by one and all at once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, chooseLanguage, htmlDir, openBrowser, rand, screenshot, signedIn, uniqueEmail, withPage } from './helpers.mjs';
import { JOB_WAIT_MS, connectShopify, reloadUntil, sandbox } from './sandbox-flows.mjs';

const TYPES = [
  'placement_failed',
  'parcel_exception',
  'parcel_delivered',
  'supplier_change',
  'push_failed',
  'store_disconnected',
  'low_balance',
  'quota_nearly_used',
];

describe('notifications', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('notify');
  const shopName = `e2e-${rand()}`;

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'notify-signup' } });
  });

  after(async () => {
    await browser?.close();
  });

  it('1. the settings page lists every type with its two switches and keeps a change', () =>
    withPage(browser, 'notify-1', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/setting/notification`);
      await page.getByTestId('notification-settings').waitFor();
      for (const type of TYPES) await page.getByTestId(`notification-setting-${type}`).waitFor();
      const mail = page.getByTestId('notification-setting-parcel_delivered-email');
      assert.equal(await mail.getAttribute('data-state'), 'unchecked', 'a delivery is not emailed unless chosen');
      await mail.click();
      await page.locator('[data-testid="notification-setting-parcel_delivered-email"][data-state="checked"]').waitFor();
      await page.reload();
      await page.locator('[data-testid="notification-setting-parcel_delivered-email"][data-state="checked"]').waitFor();
      const inApp = page.getByTestId('notification-setting-store_disconnected-in_app');
      assert.equal(await inApp.getAttribute('data-state'), 'checked');
      await screenshot(page, 'notification-settings');

      await chooseLanguage(page, 'ar');
      assert.equal(await htmlDir(page), 'rtl');
      const label = await page.getByTestId('notification-setting-store_disconnected').innerText();
      assert.match(label, /تم فصل المتجر/, 'the types are translated');
      await chooseLanguage(page, 'en');
    }));

  it('2. a store removed in Shopify notifies; the owner marks it read, then everything', () =>
    withPage(browser, 'notify-2', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/channel`);
      await connectShopify(page, shopName);
      await sandbox(`/_sandbox/shopify/${shopName}.myshopify.com/uninstall`, {});
      // The bell's popover holds the same items (mounted while closed): the page's list is the one read here.
      const item = `[data-testid="notifications-page"] [data-testid="notification-item"][data-type="store_disconnected"]`;
      const unread = '[data-testid="notifications-page"] [data-testid="notification-item"][data-read="false"]';
      await reloadUntil(page, `${BASE_URL}/app/notifications`, item, JOB_WAIT_MS);
      const row = page.locator(item).first();
      assert.match(await row.innerText(), new RegExp(`${shopName}\\.myshopify\\.com was disconnected`));
      assert.equal(await row.getAttribute('data-read'), 'false');
      const badge = page.getByTestId('notification-badge');
      const before = Number(await badge.innerText());
      assert.ok(before >= 1, 'the bell counts it');

      await row.getByTestId('notification-mark-read').click();
      await page.locator(`${item}[data-read="true"]`).waitFor();
      if (before > 1) {
        await page.waitForFunction(
          (n) => document.querySelector('[data-testid="notification-badge"]')?.textContent === String(n),
          before - 1,
        );
      } else {
        await badge.waitFor({ state: 'detached' });
      }

      // The bell's popover marks the rest read.
      await page.getByTestId('notification-bell').click();
      await page.getByTestId('notification-popover').waitFor();
      const all = page.getByTestId('notifications-mark-all-read').last();
      if (before > 1) await all.click();
      await badge.waitFor({ state: 'detached' });
      assert.equal(await page.locator(unread).count(), 0);
      await page.keyboard.press('Escape');
      await page.reload();
      await page.locator(item).first().waitFor();
      assert.equal(await page.locator(unread).count(), 0, 'read stays read');
      await screenshot(page, 'notifications-read');
    }));
});
