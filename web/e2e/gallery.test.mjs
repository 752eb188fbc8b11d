// The image library in the product editor: upload a PNG, a JPEG and an iPhone HEIC photo (converted
// to JPEG in the browser before it is sent) and one file over 2 MB (its row says so), pick an
// uploaded image into an imported product, save, and find it on the product; then crop a library
// image with the image tools (applied by itself after a second) and put the crop on the product.
// Run: E2E_ONLY="gallery" scripts/test browser.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, openBrowser, pageApi, screenshot, signedIn, uniqueEmail, withPage } from './helpers.mjs';
import { KEYWORD, searchUntilResults } from './sandbox-flows.mjs';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
/** A fixture as playwright sends a file (paths and buffers cannot be mixed in one call). */
const fixture = (name, mimeType) => ({ name, mimeType, buffer: readFileSync(join(fixtures, name)) });

/** Imports the first product the search shows, through the API the import button calls; its id. */
async function importFirst(page) {
  await page.getByTestId('nav-find-product').click();
  await page.getByTestId('find-product-page').waitFor();
  await searchUntilResults(page, KEYWORD);
  const key = await page.getByTestId('product-card').first().getAttribute('data-key');
  const [source, id] = key.split(':');
  const res = await page.evaluate(
    async ([s, i]) => {
      const r = await fetch(`/api/center/products/import/${encodeURIComponent(s)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('dropline.token')}` },
        body: JSON.stringify({ source_product_id: i, ship_to: 'US' }),
      });
      return r.json();
    },
    [source, id],
  );
  assert.equal(res.success, true, JSON.stringify(res));
  return res.data.id;
}

describe('image library', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('gallery');

  before(async () => {
    browser = await openBrowser({ signUp: { email, name: 'gallery-signup' } });
  });

  after(async () => {
    await browser?.close();
  });

  it('uploads images (HEIC converted, over 2 MB refused on its row), picks one into a product and saves it', () =>
    withPage(browser, 'gallery-1', async (page) => {
      await signedIn(page, email);
      const productId = await importFirst(page);
      await page.goto(`${BASE_URL}/app/products-import/editor/${productId}`);
      await page.getByTestId('editor-page').waitFor();
      const before = await page.getByTestId('editor-images').locator('img').count();

      await page.getByTestId('editor-add-images').click();
      const picker = page.getByTestId('image-picker');
      await picker.waitFor();
      assert.equal(await picker.getAttribute('data-variant'), 'dialog');
      assert.equal(await page.getByTestId('picker-done').isDisabled(), true, 'Done waits for a choice');

      await page
        .getByTestId('gallery-file-input')
        .setInputFiles([
          fixture('lamp.png', 'image/png'),
          fixture('lamp.jpg', 'image/jpeg'),
          fixture('lamp.heic', 'image/heic'),
          { name: 'a-poster-far-too-large-to-upload.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 10, 1) },
        ]);
      const rows = page.getByTestId('upload-row');
      await page.waitForFunction(
        () => {
          const r = [...document.querySelectorAll('[data-testid="upload-row"]')];
          return r.length === 4 && r.every((row) => row.getAttribute('data-status') !== 'processing');
        },
        null,
        { timeout: 60_000 },
      );
      const statuses = await rows.evaluateAll((r) => r.map((row) => row.getAttribute('data-status')));
      assert.deepEqual(statuses, ['done', 'done', 'done', 'error'], 'three uploaded, the large one refused');
      const big = rows.nth(3);
      assert.equal(await big.getByTestId('upload-row-name').innerText(), 'a-poster-far-too-lar….png');
      assert.equal(await big.getByTestId('upload-row-error').innerText(), 'The image is larger than 2 MB.');
      await screenshot(page, 'gallery-1-uploads');

      // The library lists the three, the HEIC as the JPEG it became.
      const library = page.getByTestId('picker-library').getByTestId('grid-image');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="picker-library"] [data-testid="grid-image"]').length === 3);
      const names = await library.evaluateAll((tiles) => tiles.map((t) => t.getAttribute('title')).sort());
      assert.deepEqual(names, ['lamp.jpg', 'lamp.jpg', 'lamp.png']);

      await library.first().click();
      await page.getByTestId('picker-done').click();
      await picker.waitFor({ state: 'hidden' });
      const images = page.getByTestId('editor-images').locator('img');
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="editor-images"] img').length === n, before + 1);
      const added = await images.last().getAttribute('src');
      assert.match(added, new RegExp(`^${BASE_URL}/api/gallery-files/`), 'a whole address a store can fetch');

      await page.getByTestId('editor-save').click();
      await page.getByText('Saved successfully').first().waitFor();
      await page.reload();
      await page.getByTestId('editor-page').waitFor();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="editor-images"] img').length === n, before + 1);
      assert.equal(await page.getByTestId('editor-images').locator('img').last().getAttribute('src'), added);
      // The file itself is served.
      const served = await page.evaluate(async (u) => (await fetch(u)).headers.get('content-type'), added);
      assert.match(served, /^image\//);
      await screenshot(page, 'gallery-1-editor');
    }));

  it('2. crops a library image into a new one (the original kept) and puts the crop on the product', () =>
    withPage(browser, 'gallery-2', async (page) => {
      await signedIn(page, email);
      const listing = await pageApi(page, 'center/products/import/listing?page=1&page_size=20');
      const productId = listing.data.items[0].id;
      await page.goto(`${BASE_URL}/app/products-import/editor/${productId}`);
      await page.getByTestId('editor-page').waitFor();
      const before = await page.getByTestId('editor-images').locator('img').count();

      await page.getByTestId('editor-add-images').click();
      const tiles = '[data-testid="picker-library"] [data-testid="grid-image"]';
      await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 3, tiles);
      assert.equal(await page.getByTestId('picker-edit').isDisabled(), true, 'Edit waits for one image');
      await page.locator(`${tiles}[title="lamp.png"]`).click();
      await page.getByTestId('picker-edit').click();
      await page.getByTestId('image-tools-dialog').waitFor();
      await page.getByTestId('crop-width').fill('20');
      await page.getByTestId('crop-height').fill('10');
      // No Apply button: the crop applies itself a second after the last change.
      await page.getByTestId('image-tools-step').first().waitFor({ timeout: 10_000 });
      const saved = page.waitForResponse(
        (r) => /\/galleries\/[^/]+\/edit$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
      );
      await page.getByTestId('image-tools-save').click();
      const made = (await (await saved).json()).data;
      assert.deepEqual([made.width, made.height], [20, 10], 'the crop is 20 × 10');
      await page.getByTestId('image-tools-dialog').waitFor({ state: 'hidden' });
      await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 4, tiles);
      await page.getByTestId('picker-done').click();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="editor-images"] img').length === n, before + 1);
      const added = await page.getByTestId('editor-images').locator('img').last().getAttribute('src');
      assert.ok(added.endsWith(made.image_url), `the crop is on the product: ${added}`);
      await page.getByTestId('editor-save').click();
      await page.getByText('Saved successfully').first().waitFor();
      const library = await pageApi(page, 'center/products/galleries/list?page=1&page_size=50');
      assert.equal(library.data.total, 4, 'the original is kept beside its crop');
      await screenshot(page, 'gallery-2-cropped');
    }));
});
