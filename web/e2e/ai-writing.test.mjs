// AI product writing (issue 21) against the sandbox's chat-completions service: the owner sets the
// service up, writes an imported product's listing in Arabic in the editor (streamed, then
// applied and saved), and has the AI enhancer write several products at once in French until
// the plan's writing quota runs out.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, SANDBOX, openBrowser, pageApi, signedIn, uniqueEmail, withPage } from './helpers.mjs';
import { searchUntilResults } from './sandbox-flows.mjs';

describe('AI product writing', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('ai-writing');

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'ai-writing-signup' } });
  });

  after(async () => {
    await browser?.close();
  });

  it('1. sets the service up, writes a product in Arabic in the editor and saves it', () =>
    withPage(browser, 'ai-writing-1', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/setting/integration/ai-writing`);
      await page.getByTestId('ai-base-url').fill(`${SANDBOX}/openai`);
      await page.getByTestId('ai-model').fill('gpt-4o-mini');
      await page.getByTestId('ai-key').fill('sandbox-openai-key');
      await page.getByTestId('ai-save').click();
      await page.getByTestId('ai-bulk-links').waitFor();
      assert.match(await page.getByTestId('ai-key-state').innerText(), /saved/);

      await page.goto(`${BASE_URL}/app/find-product?source=dropline`);
      await searchUntilResults(page, 'light');
      await page.getByTestId('find-import-all').click();
      await page.locator('[data-testid="product-card"][data-import-state="imported"]').first().waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => !document.querySelector('[data-testid="product-card"][data-import-state="importing"]'), null, {
        timeout: 60_000,
      });

      const listing = await pageApi(page, 'center/products/import/listing?page=1&page_size=20');
      const product = listing.data.items[0];
      await page.goto(`${BASE_URL}/app/products-import/editor/${product.id}`);
      await page.getByTestId('ai-panel').waitFor();
      await page.getByTestId('ai-panel-language').selectOption('ar');
      await page.getByTestId('ai-panel-write').click();
      const written = (await page.getByTestId('ai-panel-title').innerText({ timeout: 30_000 })).trim();
      assert.ok(written.includes('[ar '), `the model wrote in Arabic: ${written}`);
      assert.equal(await page.getByTestId('ai-panel-result').getAttribute('dir'), 'rtl');
      await page.getByTestId('ai-panel-apply').click();
      assert.equal(await page.getByTestId('editor-title').inputValue(), written, 'the title is in the draft');
      const saved = page.waitForResponse(
        (r) => r.url().includes(`/api/center/products/import/${product.id}`) && r.request().method() === 'PUT',
      );
      await page.getByTestId('editor-save').click();
      assert.equal((await (await saved).json()).success, true);
      const again = await pageApi(page, `center/products/import/${product.id}`);
      assert.equal(again.data.title, written, 'the written title is saved on the product');
    }));

  it('2. the AI enhancer writes and saves several products at once, each row saying so', () =>
    withPage(browser, 'ai-writing-2', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/ob-ai-enhancer`);
      await page.getByTestId('bulk-write-list').waitFor();
      const rows = await page.getByTestId('bulk-write-row').count();
      assert.ok(rows >= 2, `the import list's products are offered (${rows})`);
      await page.getByTestId('bulk-write-language').selectOption('fr');
      await page.getByTestId('bulk-write-all').click();
      await page.getByTestId('bulk-write-start').click();
      // Each row ends written or failed; the free plan's writing quota runs out on the way, and
      // the rows beyond it say so while the others keep the model's French words.
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="bulk-write-row"]:is([data-state="written"], [data-state="failed"])').length === n,
        rows,
        { timeout: 60_000 },
      );
      const written = await page.locator('[data-testid="bulk-write-row"][data-state="written"]').count();
      const failed = page.locator('[data-testid="bulk-write-row"][data-state="failed"]');
      assert.ok(written >= 1, 'some products were written');
      assert.equal(await page.getByTestId('bulk-write-summary').innerText(), `Written: ${written} · Failed: ${rows - written}`);
      for (const reason of await failed.getByTestId('bulk-write-result').allInnerTexts()) assert.match(reason, /quota/);
      const listing = await pageApi(page, 'center/products/import/listing?page=1&page_size=50');
      const french = listing.data.items.filter((item) => item.title.includes('[fr '));
      assert.equal(french.length, written, 'each written product keeps its French title, the others their own');
    }));
});
