// Mapping store products to suppliers (issue 5) against the sandbox: connect a Shopify store,
// sync its products, map a variant to two suppliers by priority and see it under Mapped.
// Run: npm run test:e2e (E2E_BASE_URL for the product; the sandbox answers on E2E_SANDBOX_URL).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, openBrowser, rand, screenshot, signedIn, uniqueEmail, withPage } from './helpers.mjs';
import { connectShopify, JOB_WAIT_MS, sandbox } from './sandbox-flows.mjs';

const SUPPLIER_TOKEN = 'sandbox-supplier-token';
/** The sandbox suppliers' product API. */
const supplierApi = (path) => sandbox(path, undefined, { token: SUPPLIER_TOKEN });

/** A supplier product of `source` (read from the sandbox supplier API) with a variant in stock. */
async function supplierProduct(source) {
  const page = await supplierApi(`/suppliers/${source}/api/products?page_size=5`);
  for (const item of page.items ?? []) {
    const detail = await supplierApi(`/suppliers/${source}/api/products/${encodeURIComponent(item.id)}`);
    if ((detail.variants ?? []).some((v) => v.stock > 0)) return { source, id: String(item.id), title: detail.title };
  }
  throw new Error(`no ${source} product with a variant in stock among ${JSON.stringify((page.items ?? []).map((i) => i.id))}`);
}

/** Adds a supplier to a variant through the picker, keeping the first variant the supplier lists. */
async function addSupplier(page, variantId, supplier) {
  await page.getByTestId(`supplier-add-${variantId}`).click();
  await page.getByTestId(`picker-${variantId}-source`).selectOption(supplier.source);
  await page.getByTestId(`picker-${variantId}-product-id`).fill(supplier.id);
  await page.getByTestId(`picker-${variantId}-load`).click();
  await page.getByTestId(`picker-${variantId}-sku`).waitFor({ timeout: 20_000 });
  assert.ok((await page.getByTestId(`picker-${variantId}-sku`).locator('option').count()) > 0, `${supplier.source} lists its variants`);
  await page.getByTestId(`picker-${variantId}-add`).click();
  await page.getByTestId(`picker-${variantId}`).waitFor({ state: 'detached' });
}

describe('mapping store products to suppliers', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('mapping');
  const shopName = `e2e-map-${rand()}`;
  const shopDomain = `${shopName}.myshopify.com`;
  /** The mapped product: its id, title and the suppliers of its first variant. */
  const mapped = { id: '', title: '', suppliers: [] };

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'mapping-signup' } });
  });

  after(async () => {
    await browser?.close();
  });

  it('1. connects a Shopify sandbox store', () =>
    withPage(browser, 'mapping-1', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/channel`);
      await page.getByTestId('stores-empty').waitFor();
      const shopId = await connectShopify(page, shopName);
      await page.waitForFunction(
        (id) => document.querySelector('[data-testid="store-selector"]')?.getAttribute('data-current') === id,
        shopId,
      );
    }));

  it("2. syncs the store's products into the Unmapped tab", () =>
    withPage(browser, 'mapping-2', async (page) => {
      const truth = await sandbox(`/_sandbox/shopify/${shopDomain}`);
      const seeded = Object.values(truth.products ?? {}).map((p) => p.title);
      assert.ok(seeded.length > 0, 'the sandbox shop has seeded products');

      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/products`);
      await page.getByTestId('mapping-page').waitFor();
      await page.getByTestId('unmapped-empty').waitFor();
      await page.getByTestId('mapping-sync').click();
      // The sync job's progress is polled; the list is read again when it succeeds.
      await page.getByTestId('store-product-row').first().waitFor({ timeout: JOB_WAIT_MS });
      await page.locator('[data-testid="mapping-sync"][data-syncing="false"]').waitFor({ timeout: JOB_WAIT_MS });
      const titles = await page.getByTestId('store-product-title').allInnerTexts();
      assert.equal(
        titles.length,
        Math.min(seeded.length, 20),
        `every seeded product is listed: ${JSON.stringify(titles)} vs ${JSON.stringify(seeded)}`,
      );
      for (const title of titles) assert.ok(seeded.includes(title), `"${title}" is a product of the shop`);
      await page.locator('[data-testid="toast"][data-type="success"]').first().waitFor();
      await screenshot(page, 'mapping-2-unmapped');
    }));

  it('3. maps the first variant of a product to two suppliers by priority and sees it under Mapped', () =>
    withPage(browser, 'mapping-3', async (page) => {
      const first = await supplierProduct('aliexpress');
      const second = await supplierProduct('cj');

      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/products`);
      const row = page.getByTestId('store-product-row').first();
      await row.waitFor({ timeout: 20_000 });
      mapped.title = await row.getByTestId('store-product-title').innerText();
      await row.getByTestId('store-product-map').click();
      await page.waitForURL(/\/app\/products\/map\/[^/]+$/);
      await page.getByTestId('map-product-page').waitFor();
      mapped.id = await page.getByTestId('map-product-page').getAttribute('data-id');
      assert.equal(await page.getByTestId('page-title').innerText(), mapped.title);

      const variant = page.getByTestId('map-variant').first();
      const variantId = await variant.getAttribute('data-id');
      assert.match(await variant.getByTestId('map-variant-sku').innerText(), /^SKU: /);
      assert.notEqual((await variant.getByTestId('map-variant-price').innerText()).trim(), '');
      await addSupplier(page, variantId, first);
      await addSupplier(page, variantId, second);
      const drafted = variant.getByTestId('draft-supplier');
      assert.deepEqual(
        await drafted.evaluateAll((els) => els.map((e) => `${e.dataset.priority}:${e.dataset.source}:${e.dataset.product}`)),
        [`1:aliexpress:${first.id}`, `2:cj:${second.id}`],
      );
      await screenshot(page, 'mapping-3-editor');
      await page.getByTestId('map-save').click();
      await page.locator('[data-testid="toast"][data-type="success"]').filter({ hasText: 'Mapping saved' }).waitFor({ timeout: 20_000 });
      assert.equal(await page.getByTestId('map-error').count(), 0);
      assert.equal(await page.getByTestId('map-save').isDisabled(), true, 'nothing left to save');

      // The Mapped tab lists the product with its first variant's suppliers, priority 1 then 2.
      await page.getByTestId('map-back').click();
      await page.waitForURL(/\/app\/products\?tab=mapped$/);
      const mappedRow = page.locator(`[data-testid="store-product-row"][data-id="${mapped.id}"]`);
      await mappedRow.waitFor();
      const suppliers = mappedRow.locator(`[data-testid="mapped-variant"][data-variant="${variantId}"] [data-testid="mapped-supplier"]`);
      assert.deepEqual(
        await suppliers.evaluateAll((els) => els.map((e) => `${e.dataset.priority}:${e.dataset.source}:${e.dataset.product}`)),
        [`1:aliexpress:${first.id}`, `2:cj:${second.id}`],
      );
      assert.match(await suppliers.first().innerText(), /Priority 1/);
      // And no longer under Unmapped.
      await page.getByTestId('mapping-tab-unmapped').click();
      await page.getByTestId('unmapped-list').waitFor();
      await page.waitForFunction(
        (id) =>
          !document.querySelector(`[data-testid="unmapped-list"] [data-id="${id}"]`) &&
          document.querySelector('[data-testid="unmapped-list"]')?.getAttribute('aria-busy') === 'false',
        mapped.id,
      );
      await screenshot(page, 'mapping-3-mapped');
    }));
});
