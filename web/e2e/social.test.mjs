// Google sign-in through the sandbox's OAuth2 provider (config/test.toml points the product there).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, openBrowser, withPage } from './helpers.mjs';

describe('social sign-in', { concurrency: false }, () => {
  let browser;

  before(async () => {
    browser = await openBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  it('a new user signs up with Google and lands on the welcome in the dashboard', () =>
    withPage(browser, 'social-google', async (page) => {
      await page.goto(`${BASE_URL}/signup`);
      await page.getByTestId('social-google').click();
      // The provider consents and sends the browser back to /auth/google/callback, which signs in.
      await page.waitForURL(/\/app\/ob-welcome$/);
      const greeting = await page.getByTestId('page-title').innerText();
      assert.match(greeting, /\S+/);
      const account = await page.evaluate(async () => {
        const token = Object.entries(localStorage).find(([k]) => k.toLowerCase().includes('token'))?.[1];
        const res = await fetch('/api/auth/account', { headers: { authorization: `Bearer ${token}` } });
        return res.json();
      });
      assert.equal(account.status, 200);
      assert.match(account.data.email, /@example\.com$/);
      assert.equal(account.data.email_verified, true);
      assert.ok(greeting.includes(account.data.first_name), `${greeting} greets ${account.data.first_name}`);
    }));
});
