// Find, import, edit and price products (issue 5) against a running API that serves web/dist.
// The find results come from the supplier cache that a background job fills after start-up, so
// the search is retried (with a reload) for up to a minute.
// Run: npm run test:e2e (E2E_BASE_URL for the product; E2E_KEYWORD picks the search word).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, openBrowser, rand, screenshot, signedIn, uniqueEmail, withPage } from './helpers.mjs';
import { KEYWORD, findShown, searchUntilResults } from './sandbox-flows.mjs';

/** "$1,234.50" → 1234.5 */
const amount = (text) => Number(text.replace(/[^0-9.]/g, ''));
const amounts = (text) => text.split(' - ').map(amount);
/** The pricing rule of the test (multiplier 3, cents .99), as in docs/API.md. */
const priced = (cost) => Math.floor(Math.round(cost * 3 * 100) / 100) + 0.99;
const money = (n) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('find, import, edit and price products', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('import');
  /** The imported product: its card key and title. */
  const product = { key: '', title: '' };

  before(async () => {
    browser = await openBrowser({ signUp: { email, name: 'import-signup' } });
  });

  after(async () => {
    await browser?.close();
  });

  it('1. searches a keyword, sorts, filters by source and ship-to, and opens a detail in a new tab', () =>
    withPage(browser, 'import-1', async (page) => {
      await signedIn(page, email);
      await page.getByTestId('nav-find-product').click();
      await page.waitForURL(/\/app\/find-product$/);
      await page.getByTestId('find-product-page').waitFor();
      await searchUntilResults(page, KEYWORD);

      const first = page.getByTestId('product-card').first();
      for (const id of ['card-price', 'card-orders', 'card-shipping-cost', 'card-shipping-time']) {
        assert.notEqual((await first.getByTestId(id).innerText()).trim(), '', `${id} is shown`);
      }
      // A rating only when the supplier gave one (CJ gives none): never "0.0".
      for (const rating of await page.getByTestId('card-rating').allInnerTexts()) assert.ok(Number(rating) >= 1, `rating ${rating}`);
      const time = await first.getByTestId('card-shipping-time').innerText();
      assert.match(time, /^(-|\d+ days|\d+-\d+ days)$/, `shipping time "${time}" follows the spec`);
      const cost = await first.getByTestId('card-shipping-cost').innerText();
      assert.match(cost, /^(-|FREE|\$[\d,.]+)$/, `shipping cost "${cost}" follows the spec`);

      // Sort: highest orders.
      await page.getByTestId('sort-menu').click();
      await page.getByTestId('sort-option-orders_desc').click();
      await page.waitForURL(/sort_by=lastest_volume&sort=desc/);
      await findShown(page, { has: { sort_by: 'lastest_volume', sort: 'desc' } });
      await page.getByTestId('product-card').first().waitFor();

      // Source: the first card's source, so that something stays.
      const source = (await page.getByTestId('product-card').first().getAttribute('data-key')).split(':')[0];
      await page.getByTestId('sort-menu').click();
      await page.getByTestId(`source-option-${source}`).click();
      await page.waitForURL(new RegExp(`source=${source}`));
      await findShown(page, { has: { sources: source } });
      await page.waitForFunction((s) => {
        const cards = [...document.querySelectorAll('[data-testid="product-card"]')];
        return cards.length > 0 && cards.every((c) => c.getAttribute('data-key').startsWith(`${s}:`));
      }, source);

      // Filter: 4 stars and up, then off again.
      await page.getByTestId('filter-rating').click();
      await page.waitForURL(/rating=4/);
      await findShown(page, { has: { rating: '4', sources: source } });
      await Promise.race([page.getByTestId('product-card').first().waitFor(), page.getByTestId('find-empty').waitFor()]);
      for (const rating of await page.getByTestId('card-rating').allInnerTexts()) assert.ok(Number(rating) >= 4, `rating ${rating} ≥ 4`);
      await page.getByTestId('filter-rating').click();
      await page.waitForURL((url) => !url.search.includes('rating='));
      await findShown(page, { lacks: ['rating'] });
      await page.getByTestId('product-card').first().waitFor();

      // Ship-to: the popover searches countries; choosing one reloads with that ship-to.
      await page.getByTestId('ship-to-trigger').click();
      await page.getByTestId('ship-to-search').fill('united states');
      await page.getByTestId('ship-to-option-US').waitFor();
      await page.getByTestId('ship-to-search').fill('germ');
      await page.getByTestId('ship-to-option-DE').click();
      await page.waitForURL(/ship_to=DE/);
      await findShown(page, { has: { ship_to: 'DE' } });
      assert.equal(await page.getByTestId('ship-to-trigger').getAttribute('data-value'), 'DE');
      await page.getByTestId('ship-to-trigger').click();
      await page.getByTestId('ship-to-search').fill('united states');
      await page.getByTestId('ship-to-option-US').click();
      await page.waitForURL((url) => !url.search.includes('ship_to='));
      await findShown(page, { has: { ship_to: 'US' } });
      await page.getByTestId('product-card').first().waitFor();
      await screenshot(page, 'import-1-find');

      // Desktop: a card opens its detail in a new tab.
      const card = page.getByTestId('product-card').first();
      product.key = await card.getAttribute('data-key');
      const [detail] = await Promise.all([page.context().waitForEvent('page'), card.getByTestId('product-card-link').click()]);
      await detail.waitForLoadState();
      const [cardSource, cardId] = product.key.split(':');
      assert.match(detail.url(), new RegExp(`/app/find-product/${cardSource}/detail/${encodeURIComponent(cardId)}/US$`));
      await detail.getByTestId('product-detail').waitFor({ timeout: 20_000 });
      assert.equal(page.url().includes('/detail/'), false, 'the search page stays open');
      await detail.close();
    }));

  it('2. imports the product from its detail page', () =>
    withPage(browser, 'import-2', async (page) => {
      await signedIn(page, email);
      const [source, id] = product.key.split(':');
      await page.goto(`${BASE_URL}/app/find-product/${source}/detail/${encodeURIComponent(id)}/US`);
      await page.getByTestId('product-detail').waitFor({ timeout: 20_000 });
      product.title = (await page.getByTestId('page-title').innerText()).trim();
      assert.ok((await page.getByTestId('variant-row').count()) > 0, 'variants are listed');
      await Promise.race([page.getByTestId('logistics-table').waitFor(), page.getByTestId('logistics-empty').waitFor()]);
      await Promise.race([page.getByTestId('reviews-list').waitFor(), page.getByTestId('reviews-empty').waitFor()]);

      const button = page.getByTestId('import-button');
      assert.equal(await button.getAttribute('data-state'), 'idle');
      await button.click();
      await page.locator('[data-testid="import-button"][data-state="imported"]').waitFor({ timeout: 20_000 });
      assert.equal(await page.getByTestId('import-error').count(), 0);
      // The plan usage and the import-list badge are refreshed.
      await page.waitForFunction(() => document.querySelector('[data-testid="nav-badge-import-list"]')?.textContent === '1');
      await screenshot(page, 'import-2-detail');

      // Back on the search page, the card is flagged imported.
      await page.goto(
        `${BASE_URL}/app/find-product?keyword=${encodeURIComponent(KEYWORD)}&source=${source}&sort_by=lastest_volume&sort=desc`,
      );
      const card = page.locator(`[data-testid="product-card"][data-key="${product.key}"]`);
      await card.waitFor();
      assert.equal(await card.getAttribute('data-import-state'), 'imported');
    }));

  it('3. edits the title, a variant price (profit and margin follow) and the description (bold) in the editor and saves', () =>
    withPage(browser, 'import-3', async (page) => {
      await signedIn(page, email);
      await page.getByTestId('nav-import-list').click();
      await page.waitForURL(/\/app\/products-import$/);
      const row = page.locator('[data-testid="import-row"]').filter({ hasText: product.title }).first();
      await row.waitFor();
      await row.getByTestId('import-row-edit').click();
      await page.waitForURL(/\/app\/products-import\/editor\//);
      await page.getByTestId('editor-page').waitFor();

      product.title = `E2E ${rand()} ${product.title}`.slice(0, 200);
      await page.getByTestId('editor-title').fill(product.title);
      const price = page.locator('[data-testid^="variant-price-"]').first();
      const variantId = (await price.getAttribute('data-testid')).replace('variant-price-', '');
      // The compare-at price came from the supplier's original price (the sandbox shows a discount).
      assert.ok(Number(await page.getByTestId(`variant-compare-${variantId}`).inputValue()) > 0);
      await price.fill('42.5');
      // Profit and margin follow the typed price: 42.50 less the cost and shipping the cost cell shows.
      const paid = (await page.getByTestId(`variant-cost-${variantId}`).textContent()).match(/\d+\.\d\d/g).map(Number);
      const profit = Math.round((42.5 - paid.reduce((a, b) => a + b, 0)) * 100) / 100;
      const shown = `${profit < 0 ? '-' : ''}$${Math.abs(profit).toFixed(2)}`;
      assert.equal(await page.getByTestId(`variant-profit-${variantId}`).textContent(), shown);
      const margin = `${Math.round((profit / 42.5) * 1000) / 10}%`;
      assert.equal(await page.getByTestId(`variant-margin-${variantId}`).textContent(), margin);
      // The description is formatted text: select it all and make it bold with the toolbar.
      const description = page.getByTestId('editor-description');
      await description.click();
      await page.keyboard.press('Control+A');
      await page.getByTestId('editor-description-bold').click();
      await page.getByTestId('editor-save').click();
      await page.locator('[data-testid="toast"][data-type="success"]').filter({ hasText: 'Saved successfully' }).waitFor();

      await page.reload();
      await page.getByTestId('editor-page').waitFor();
      assert.equal(await page.getByTestId('editor-title').inputValue(), product.title);
      assert.equal(Number(await page.getByTestId(`variant-price-${variantId}`).inputValue()), 42.5);
      assert.ok((await page.getByTestId('editor-description').innerHTML()).startsWith('<p><strong>'), 'the bold description was saved');
      await screenshot(page, 'import-3-editor');
    }));

  it('4. sets a pricing rule (multiplier 3, cents .99), re-applies it and sees the new prices', () =>
    withPage(browser, 'import-4', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/setting/product`);
      await page.getByTestId('product-settings-page').waitFor();
      await page.getByTestId('pricing-mode-multiplier').click();
      await page.getByTestId('pricing-default').fill('3');
      await page.getByTestId('pricing-cents').fill('0.99');
      assert.equal(await page.getByTestId('pricing-example').innerText(), 'cost $10.00 → price $30.99');
      await page.getByTestId('pricing-save').click();
      await page.locator('[data-testid="toast"][data-type="success"]').filter({ hasText: 'Saved successfully' }).waitFor();
      await page.reload();
      await page.getByTestId('product-settings-page').waitFor();
      assert.equal(await page.getByTestId('pricing-default').inputValue(), '3');
      assert.equal(Number(await page.getByTestId('pricing-cents').inputValue()), 0.99);
      await screenshot(page, 'import-4-rule');

      await page.goto(`${BASE_URL}/app/products-import`);
      const row = page.locator('[data-testid="import-row"]').filter({ hasText: product.title }).first();
      await row.waitFor();
      const [costFrom, costTo = costFrom] = amounts(await row.getByTestId('import-row-cost').innerText());
      const lo = priced(costFrom);
      const hi = priced(costTo);
      const expected = lo === hi ? money(lo) : `${money(lo)} - ${money(hi)}`;

      await page.getByTestId('reapply-pricing').click();
      await page.getByTestId('reapply-dialog-confirm').click();
      await page.locator('[data-testid="toast"][data-type="success"]').first().waitFor();
      await page.waitForFunction(
        ([title, text]) =>
          [...document.querySelectorAll('[data-testid="import-row"]')].some(
            (r) => r.getAttribute('data-title') === title && r.querySelector('[data-testid="import-row-price"]')?.textContent === text,
          ),
        [product.title, expected],
      );
      await page.reload();
      await row.waitFor();
      assert.equal(await row.getByTestId('import-row-price').innerText(), expected);
      await screenshot(page, 'import-4-reapplied');
    }));

  it('5. on a phone, a card opens its detail in the same page and the ship-to picker is a bottom sheet', () =>
    withPage(
      browser,
      'import-5',
      async (page) => {
        await signedIn(page, email);
        await page.goto(`${BASE_URL}/app/find-product?keyword=${encodeURIComponent(KEYWORD)}`);
        await page.getByTestId('product-card').first().waitFor({ timeout: 20_000 });
        await page.getByTestId('ship-to-trigger').click();
        await page.getByTestId('ship-to-sheet').waitFor();
        await page.keyboard.press('Escape');
        await page.getByTestId('ship-to-sheet').waitFor({ state: 'detached' });
        const pages = page.context().pages().length;
        await page.getByTestId('product-card').first().getByTestId('product-card-link').click();
        await page.waitForURL(/\/app\/find-product\/[^/]+\/detail\/[^/]+\/US$/);
        await page.getByTestId('product-detail').waitFor({ timeout: 20_000 });
        assert.equal(page.context().pages().length, pages, 'no new tab');
        await screenshot(page, 'import-5-mobile');
      },
      { width: 390, height: 844 },
    ));
});
