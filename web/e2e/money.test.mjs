// Money (issue 19 item 2) against the sandbox: prices are edited in USD; a store selling in AUD
// receives them converted at the rate the rates source quotes (not "54.99 AUD"); the workspace
// shows money in EUR, so the order list puts the AUD sale, the USD costs and the profit in euros;
// in Arabic each amount is an isolated left-to-right run, so symbol and number never swap.
// Run: /work/tools/e2e-one.sh e2e/money.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, chooseLanguage, htmlDir, openBrowser, pageApi, rand, screenshot, signedIn, uniqueEmail, withPage } from './helpers.mjs';
import { ORDER_WAIT_MS, connectAndPush, customerBuys, reloadUntil, sandbox } from './sandbox-flows.mjs';

// The rates the worker stored: it reads the source at start-up and every hour, so the test uses
// the source's quotes as they are rather than changing them under a stored, still fresh rate.
let AUD_PER_USD = 0;
let EUR_PER_USD = 0;

describe('money: an AUD store, a EUR workspace, Arabic amounts', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('money');
  const shopName = `e2e-money-${rand()}`;
  const shopDomain = `${shopName}.myshopify.com`;
  let product = { id: '', title: '' };
  let orderName = '';

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'money-signup' } });
    // The shop sells in AUD.
    await sandbox(`/_sandbox/shopify/${shopDomain}/currency`, { currency: 'AUD' });
    const { quotes } = await sandbox('/currencylayer/live?access_key=sandbox-rates-key&source=USD');
    [AUD_PER_USD, EUR_PER_USD] = [quotes.USDAUD, quotes.USDEUR];
    assert.ok(AUD_PER_USD > 0 && EUR_PER_USD > 0, JSON.stringify(quotes));
  });

  after(async () => {
    await browser?.close();
  });

  it('1. the AUD shop receives the USD prices converted into AUD', () =>
    withPage(browser, 'money-1', async (page) => {
      await signedIn(page, email);
      ({ product } = await connectAndPush(page, shopName));
      const pushed = await pageApi(page, 'center/products/pushed');
      const item = pushed.data.items.find((i) => i.id === product.id);
      assert.ok(item, `the product center lists ${product.id}`);
      const shop = await sandbox(`/_sandbox/shopify/${shopDomain}`);
      const listed = Object.values(shop.products ?? {}).find((p) => p.title === product.title || p.title.startsWith(`${product.title} (`));
      const cents = listed.variants.map((v) => v.price_cents);
      // The cheapest variant: its USD price at the AUD rate, to the cent (the default rule has no ending).
      assert.equal(
        Math.min(...cents),
        Math.round(Number(item.price_from) * AUD_PER_USD * 100),
        `AUD prices ${cents} for $${item.price_from}`,
      );
    }));

  it('2. with EUR chosen for the workspace, the order list shows the AUD sale, USD costs and profit in euros', () =>
    withPage(browser, 'money-2', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/setting/account`);
      await page.getByTestId('display-currency-select').selectOption('EUR');
      await page.waitForFunction(() => document.querySelector('[data-testid="display-currency-example"]')?.textContent?.includes('€'));

      orderName = await customerBuys(shopDomain, product);
      const row = `[data-testid="order-row"][data-name="${orderName}"]`;
      await reloadUntil(page, `${BASE_URL}/app/orders`, row, ORDER_WAIT_MS);
      const list = await pageApi(page, 'orders/v5/list?tab=placement');
      const order = list.data.items.find((o) => o.name === orderName);
      assert.equal(order.currency, 'AUD');
      const price = await page.locator(row).getByTestId('order-price').innerText();
      const euros = Math.round((Number(order.total) / AUD_PER_USD) * EUR_PER_USD * 100) / 100;
      assert.equal(price, `€${euros.toFixed(2)}`, `A$${order.total} shown in EUR`);
      const cost = await page.locator(`${row} [data-col="product_cost"]`).innerText();
      assert.match(cost, /^€\d/, `the USD cost in EUR: ${cost}`);
      assert.match(await page.locator(row).getByTestId('order-profit').innerText(), /Profit: -?€\d/);
      await screenshot(page, 'money-2-orders-eur');
    }));

  it('3. in Arabic every amount is an isolated left-to-right run', () =>
    withPage(browser, 'money-3', async (page) => {
      await signedIn(page, email);
      await chooseLanguage(page, 'ar');
      const row = `[data-testid="order-row"][data-name="${orderName}"]`;
      await reloadUntil(page, `${BASE_URL}/app/orders`, row, ORDER_WAIT_MS);
      assert.equal(await htmlDir(page), 'rtl');
      const texts = await page.locator(`${row} [data-testid="order-price"], ${row} [data-col="product_cost"]`).allTextContents();
      for (const text of texts) {
        assert.ok(text.startsWith('\u2066') && text.endsWith('\u2069'), `isolated: ${JSON.stringify(text)}`);
        assert.match(text, /^\u2066€[\d٠-٩.,٫٬]+\u2069$/, `symbol before the number, one shape: ${JSON.stringify(text)}`);
      }
      await screenshot(page, 'money-3-orders-ar');
      await chooseLanguage(page, 'en');
    }));
});
