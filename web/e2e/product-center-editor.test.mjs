// Editing a pushed product from the product center against the sandbox: push a product to a
// Shopify store, open it with the product center's Edit action, change its title and a price,
// "Save and update in store(s)", and see the destination's success on the page while the
// sandbox store holds the new title and price on the same product (one product, not two).
// Run: E2E_ONLY="product-center-editor" scripts/test browser.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, openBrowser, rand, screenshot, signedIn, uniqueEmail, withPage } from './helpers.mjs';
import { connectAndPush, PUSH_WAIT_MS, sandbox, toastSettled } from './sandbox-flows.mjs';

const NEW_TITLE = `Edited in the product center ${rand()}`;

describe('product center editor', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('pceditor');
  const shopName = `e2e-pceditor-${rand()}`;
  const shopDomain = `${shopName}.myshopify.com`;

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'pceditor-signup' } });
    // A USD shop: the price typed is the price the store shows (no conversion, no ending).
    await sandbox(`/_sandbox/shopify/${shopDomain}/currency`, { currency: 'USD' });
  });

  after(async () => {
    await browser?.close();
  });

  it('edits a pushed product and updates it in its store without a twin', () =>
    withPage(browser, 'pceditor-1', async (page) => {
      await signedIn(page, email);
      const { storeId, product } = await connectAndPush(page, shopName);
      const titles = async () => Object.values((await sandbox(`/_sandbox/shopify/${shopDomain}`)).products ?? {}).map((p) => p.title);
      const before = await titles();
      assert.ok(before.includes(product.title), `the pushed product is in the store: ${JSON.stringify(before)}`);

      await page.goto(`${BASE_URL}/app/products-center`);
      const row = page.locator(`[data-testid="pushed-row"][data-id="${product.id}"]`);
      await row.getByTestId('pushed-row-edit').click();
      await page.waitForURL(new RegExp(`/app/products-center/editor/${product.id}$`));

      // The destinations it lives on, and the overwrite notice of an update push.
      const destination = page.locator(`[data-testid="editor-destination"][data-destination="${storeId}"]`);
      await destination.and(page.locator('[data-status="success"]')).waitFor();
      await page.getByTestId('editor-overwrite').waitFor();

      const title = page.getByTestId('editor-title');
      await title.fill(NEW_TITLE);
      const price = page.locator('[data-testid^="variant-price-"]').first();
      await price.fill('77.7');
      await screenshot(page, 'pceditor-1-edited');
      const pushedBefore = await destination.getAttribute('data-pushed-at');
      await page.getByTestId('editor-save').click();

      // The update push is followed by the shell's push toast and by the destination on the page,
      // which lands on success with a new push time.
      const items = await toastSettled(page, 'push-toast', { count: 1, timeout: PUSH_WAIT_MS });
      assert.deepEqual(
        items.map((i) => i.status),
        ['success'],
      );
      await page.waitForFunction(
        ([key, previous]) => {
          const el = document.querySelector(`[data-testid="editor-destination"][data-destination="${key}"]`);
          return el?.dataset.status === 'success' && el.dataset.pushedAt !== previous;
        },
        [storeId, pushedBefore],
        { timeout: PUSH_WAIT_MS },
      );
      await screenshot(page, 'pceditor-1-updated');

      // The store has the new title once, on the same product: nothing was added.
      const after = await titles();
      assert.equal(after.length, before.length, `no product was added: ${JSON.stringify(after)}`);
      assert.equal(after.filter((t) => t === NEW_TITLE).length, 1, `the new title once: ${JSON.stringify(after)}`);
      assert.ok(!after.includes(product.title), 'the old title is gone');
      const shop = await sandbox(`/_sandbox/shopify/${shopDomain}`);
      const edited = Object.values(shop.products).find((p) => p.title === NEW_TITLE);
      assert.ok(
        edited.variants.some((v) => v.price_cents === 7770),
        `a variant sells at 77.70: ${JSON.stringify(edited.variants.map((v) => v.price_cents))}`,
      );
    }));
});
