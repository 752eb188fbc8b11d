// The find-product detail page against the real product and the sandbox's suppliers (issue 19):
// a single-variant product says "Variants (1)" with its stock, the reviews count is the reviews
// list's total, a sold-out variant is marked and left out of the import, and the page fits a
// 1280-wide desktop and a 390×844 phone without sideways scrolling.
// Run: /work/tools/e2e-one.sh e2e/product-detail.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, SANDBOX, openBrowser, screenshot, signedIn, uniqueEmail, withPage } from './helpers.mjs';

const SOURCE = 'temu';
const SUPPLIER = `${SANDBOX}/suppliers/${SOURCE}/api`;
const auth = { authorization: 'Bearer sandbox-supplier-token' };

async function supplier(path) {
  const res = await fetch(`${SUPPLIER}/${path}`, { headers: auth });
  assert.equal(res.status, 200, `${path}: ${res.status}`);
  return res.json();
}

/** The first catalogue products that match `want`, read as the supplier serves them. */
async function findProducts(want, n = 1) {
  const page = await supplier('products?page_size=100');
  const out = [];
  for (const item of page.items) {
    const product = await supplier(`products/${item.id}`);
    if (want(product)) out.push(product);
    if (out.length === n) break;
  }
  assert.equal(out.length, n, 'the sandbox catalogue has such products');
  return out;
}

const inStock = (p) => p.variants.filter((v) => v.stock > 0);
const detailUrl = (id) => `${BASE_URL}/app/find-product/${SOURCE}/detail/${id}/US`;

/** The page scrolls only up and down: nothing sticks out sideways. */
async function assertNoSidewaysScroll(page, width) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width, `page is ${scroll}px wide in a ${width}px window`);
}

describe('product detail page', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('detail');
  let single;
  let several;
  let gone;

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'detail-signup' } });
    [single] = await findProducts(
      (p) => p.variants.length === 1 && p.options.length === 0 && p.variants[0].stock > 0 && p.reviews_count > 20 && p.rating > 0,
    );
    [several] = await findProducts((p) => p.options.length >= 1 && inStock(p).length >= 3);
    // One variant of the second product sells out at the supplier.
    gone = inStock(several)[0];
    const res = await fetch(`${SANDBOX}/_sandbox/suppliers/${SOURCE}/products/${several.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variants: [{ sku_id: gone.sku_id, stock: 0 }] }),
    });
    assert.ok(res.ok, await res.text());
  });

  after(async () => {
    await browser?.close();
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ]) {
    it(`${name} (${viewport.width}×${viewport.height}): a single-variant product shows one variant, its stock, and the reviews the list holds`, () =>
      withPage(
        browser,
        `detail-single-${name}`,
        async (page) => {
          await signedIn(page, email);
          await page.goto(detailUrl(single.id));
          await page.getByTestId('product-detail').waitFor();
          assert.equal(await page.getByTestId('page-title').innerText(), single.title);
          assert.equal(await page.getByTestId('detail-variants').locator('h2').innerText(), 'Variants (1)');
          assert.equal(await page.getByTestId('variant-row').count(), 1);
          assert.equal(await page.getByTestId('variant-stock').innerText(), single.variants[0].stock.toLocaleString('en-US'));
          assert.equal(await page.getByTestId('detail-rating').innerText(), single.rating.toFixed(1));
          await page.getByTestId('review').first().waitFor();
          assert.equal(await page.getByTestId('detail-reviews-count').innerText(), `Reviews: ${single.reviews_count}`);
          // One price: every variant costs the same.
          assert.equal(await page.getByTestId('detail-price-range').innerText(), `$${single.variants[0].price}`);
          await assertNoSidewaysScroll(page, viewport.width);
          await page.getByTestId('import-button').scrollIntoViewIfNeeded();
          assert.ok(await page.getByTestId('import-button').isVisible());
          await screenshot(page, `detail-single-${name}`);
        },
        viewport,
      ));
  }

  it('phone: a sold-out variant is marked, and the import takes the others with their stock', () =>
    withPage(
      browser,
      'detail-sold-out-phone',
      async (page) => {
        await signedIn(page, email);
        await page.goto(detailUrl(several.id));
        await page.getByTestId('product-detail').waitFor();
        const total = several.variants.length;
        assert.equal(await page.getByTestId('detail-variants').locator('h2').innerText(), `Variants (${total})`);
        const soldOut = page.locator('[data-testid="variant-row"][data-sold-out="true"]');
        const soldOutSkus = several.variants.filter((v) => v.stock === 0 || v.sku_id === gone.sku_id).length;
        assert.equal(await soldOut.count(), soldOutSkus);
        assert.equal(await soldOut.first().getByTestId('variant-stock').innerText(), 'Sold out');
        assert.equal(await page.getByTestId('detail-sold-out-count').innerText(), `Sold out, not imported: ${soldOutSkus}`);
        await assertNoSidewaysScroll(page, 390);
        await screenshot(page, 'detail-sold-out-phone');

        await page.getByTestId('import-button').click();
        const done = page.locator('[data-testid="import-button"][data-state="imported"]');
        await done.waitFor();
        await done.click();
        await page.waitForURL(/\/app\/products-import\/editor\//);
        const rows = page.getByTestId('editor-variants').locator('tbody tr');
        await rows.first().waitFor();
        assert.equal(await rows.count(), total - soldOutSkus, 'the sold-out variants were not imported');
        const stocks = (await rows.locator('td:last-child').allInnerTexts()).map((s) => Number(s.replace(/,/g, '')));
        assert.ok(
          stocks.every((s) => s > 0),
          `every imported variant is in stock: ${stocks}`,
        );
      },
      { width: 390, height: 844 },
    ));
});
