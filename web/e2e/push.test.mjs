// Push to stores and channels (issue 6) against the sandbox: connect a Shopify and a WooCommerce
// store and TikTok Shop, import three products, push them to all three from the import list,
// follow the push toast to success, find the products in the sandbox, push again from the
// product center without twins, and see the quota banner when a push passes LISTING_PRODUCTS.
// Run: npm run test:e2e (E2E_BASE_URL for the product; the sandbox answers on E2E_SANDBOX_URL).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, openBrowser, rand, SANDBOX, SANDBOX_HOST, screenshot, signedIn, uniqueEmail, withPage } from './helpers.mjs';
import {
  connectShopify,
  JOB_WAIT_MS,
  KEYWORD,
  PUSH_WAIT_MS,
  sandbox,
  searchUntilResults,
  storeRow,
  tickDestination,
  toastSettled,
} from './sandbox-flows.mjs';

/** LISTING_PRODUCTS units of a product (docs/API.md): one per started hundred variants. */
const units = (variants) => Math.max(1, Math.ceil(variants / 100));

/** The TikTok seller every sandbox authorisation connects (its products are kept per seller). */
async function tiktokSeller() {
  const auth = await fetch(
    `${SANDBOX}/channels/tiktok/oauth/authorize?app_key=dropline-dev&redirect_uri=${encodeURIComponent('http://127.0.0.1/e2e')}&state=e2e`,
    { redirect: 'manual' },
  );
  const code = new URL(auth.headers.get('location')).searchParams.get('code');
  const token = await sandbox(
    `/channels/tiktok/api/v2/token/get?app_key=dropline-dev&app_secret=sandbox-tiktok-secret&auth_code=${encodeURIComponent(code)}&grant_type=authorized_code`,
  );
  return token.data.open_id;
}

/** Selects the import-list rows whose ids are given (the list is one page here). */
async function selectRows(page, ids) {
  for (const id of ids) {
    const row = page.locator(`[data-testid="import-row"][data-id="${id}"]`);
    await row.getByTestId('import-row-select').click();
  }
  await page.getByTestId('bulk-push').waitFor();
}

describe('push to stores and channels', { concurrency: false }, () => {
  let browser;
  const email = uniqueEmail('push');
  const shopName = `e2e-push-${rand()}`;
  const shopDomain = `${shopName}.myshopify.com`;
  const wooName = `e2epush${rand()}`;
  const wooDomain = `${SANDBOX_HOST}/woo/${wooName}`;
  const ids = { shop: '', woo: '' };
  /** The three imported products: id and title. */
  let products = [];

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'push-signup' } });
  });

  after(async () => {
    await browser?.close();
  });

  it('1. connects a Shopify store, a WooCommerce store and TikTok Shop', () =>
    withPage(browser, 'push-1', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/channel`);
      ids.shop = await connectShopify(page, shopName);

      await page.getByTestId('channel-connect-woocommerce').click();
      await page.getByTestId('connect-store-url').fill(`http://${wooDomain}`);
      await page.getByTestId('connect-submit').click();
      await page.waitForURL(/\/app\/channel/, { timeout: 20_000 });
      const woo = storeRow(page, wooDomain);
      await woo.waitFor();
      ids.woo = (await woo.getAttribute('data-testid')).replace('store-row-', '');

      await page.getByTestId('channel-connect-tiktok').click();
      await page.waitForURL(/\/app\/channel$/, { timeout: 20_000 });
      await page.waitForFunction(
        () => document.querySelector('[data-testid="channel-card-tiktok"]')?.getAttribute('data-state') === 'active',
      );
    }));

  it('2. imports three products (and copies them for later)', () =>
    withPage(browser, 'push-2', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/find-product`);
      await searchUntilResults(page, KEYWORD);
      const cards = page.getByTestId('product-card');
      for (let i = 0; i < 3; i += 1) {
        await cards.nth(i).getByTestId('import-button').click();
        await page
          .locator('[data-testid="product-card"]')
          .nth(i)
          .and(page.locator('[data-import-state="imported"]'))
          .waitFor({ timeout: 20_000 });
      }
      await page.goto(`${BASE_URL}/app/products-import`);
      await page.getByTestId('import-row').nth(2).waitFor();
      assert.equal(await page.getByTestId('import-row').count(), 3);
      products = await page.getByTestId('import-row').evaluateAll((els) =>
        els.map((e) => ({
          id: e.dataset.id,
          title: e.dataset.title,
          variants: Number(e.querySelector('[data-testid="import-row-variants"]').textContent.replace(/\D/g, '')),
        })),
      );
      assert.equal(products.length, 3);
      // Copies (not imports) for the quota step: pushed products leave the import list.
      for (const n of [6, 12]) {
        await page.getByTestId('import-select-all').click();
        await page.getByTestId('bulk-duplicate').click();
        await page
          .getByTestId('import-row')
          .nth(n - 1)
          .waitFor();
        await page.getByTestId('bulk-duplicate').waitFor({ state: 'detached' });
      }
    }));

  it('3. pushes them to both stores and TikTok; the toast reaches success and the products are there', () =>
    withPage(browser, 'push-3', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/products-import`);
      await page.getByTestId('import-row').nth(11).waitFor();
      await selectRows(
        page,
        products.map((p) => p.id),
      );
      await page.getByTestId('bulk-push').click();
      await page.getByTestId('push-modal').waitFor();
      assert.equal(await page.getByTestId('push-product').count(), 3);
      await tickDestination(page, ids.shop);
      await tickDestination(page, ids.woo);
      await tickDestination(page, 'tiktok');
      // The Shopify store's Online Store publication is ticked by default.
      await page.locator('[data-testid="push-publication-online_store"][data-state="checked"]').waitFor();
      // Three destinations; a product over 100 variants counts one unit per started hundred, with a warning.
      const required = 3 * products.reduce((sum, p) => sum + units(p.variants), 0);
      assert.equal(await page.getByTestId('push-quota-line').getAttribute('data-required'), String(required));
      assert.equal(await page.getByTestId('push-product-warning').count(), products.filter((p) => p.variants > 100).length);
      await screenshot(page, 'push-3-modal');
      await page.getByTestId('push-submit').click();
      await page.getByTestId('push-modal').waitFor({ state: 'detached' });

      const items = await toastSettled(page, 'push-toast', { count: 9, timeout: PUSH_WAIT_MS });
      await screenshot(page, 'push-3-toast');
      assert.deepEqual(
        items.filter((i) => i.status !== 'success'),
        [],
        'every product reached every destination',
      );
      assert.deepEqual([...new Set(items.map((i) => i.channel))].sort(), [ids.shop, ids.woo, 'tiktok'].sort());

      // A product over 100 variants arrives in parts titled "Title (1/2)", "Title (2/2)".
      const arrived = (names, p) => {
        const parts = units(p.variants);
        const want = parts === 1 ? [p.title] : Array.from({ length: parts }, (_, i) => `${p.title} (${i + 1}/${parts})`);
        return want.every((w) => names.includes(w));
      };
      const shop = await sandbox(`/_sandbox/shopify/${shopDomain}`);
      const inShop = Object.values(shop.products ?? {}).map((p) => p.title);
      for (const p of products) assert.ok(arrived(inShop, p), `"${p.title}" is in the Shopify store: ${JSON.stringify(inShop)}`);
      const woo = await sandbox(`/_sandbox/woo/${wooName}`);
      const inWoo = Object.values(woo.products ?? {}).map((p) => p.name);
      for (const p of products) assert.ok(arrived(inWoo, p), `"${p.title}" is in the WooCommerce store: ${JSON.stringify(inWoo)}`);
      const tiktok = await sandbox(`/_sandbox/channels/tiktok/${await tiktokSeller()}`);
      const inTiktok = tiktok.items.map((p) => p.title);
      for (const p of products) assert.ok(arrived(inTiktok, p), `"${p.title}" is on TikTok Shop: ${JSON.stringify(inTiktok)}`);

      // Everything pushed: the toast closes by itself (3 s, then a 500 ms fade) and clears its list.
      await page.getByTestId('push-toast').waitFor({ state: 'detached', timeout: 10_000 });
    }));

  it('4. the product center shows each destination; Push again updates without twins', () =>
    withPage(browser, 'push-4', async (page) => {
      const before = Object.keys((await sandbox(`/_sandbox/shopify/${shopDomain}`)).products ?? {}).length;
      await signedIn(page, email);
      await page.getByTestId('nav-product-center').click();
      await page.waitForURL(/\/app\/products-center$/);
      await page.getByTestId('pushed-row').nth(2).waitFor();
      for (const p of products) {
        const row = page.locator(`[data-testid="pushed-row"][data-id="${p.id}"]`);
        const states = await row
          .getByTestId('target-status')
          .evaluateAll((els) => els.map((e) => `${e.dataset.destination}:${e.dataset.status}`).sort());
        assert.deepEqual(states, [`${ids.shop}:success`, `${ids.woo}:success`, 'tiktok:success'].sort());
      }
      const row = page.locator(`[data-testid="pushed-row"][data-id="${products[0].id}"]`);
      await row.getByTestId('pushed-row-sync-log').click();
      await Promise.race([page.getByTestId('sync-log-empty').waitFor(), page.getByTestId('sync-log-entry').first().waitFor()]);
      await page.keyboard.press('Escape');
      await page.getByTestId('sync-log-drawer').waitFor({ state: 'detached' });

      await row.getByTestId('pushed-row-push-again').click();
      await page.getByTestId('push-overwrite').waitFor();
      await page.locator(`[data-testid="push-destination-${ids.shop}"][data-selected="true"]`).waitFor();
      await screenshot(page, 'push-4-update');
      await page.getByTestId('push-submit').click();
      const items = await toastSettled(page, 'push-toast', { count: 3, timeout: PUSH_WAIT_MS });
      assert.deepEqual(
        items.map((i) => i.status),
        ['success', 'success', 'success'],
      );
      const after = Object.keys((await sandbox(`/_sandbox/shopify/${shopDomain}`)).products ?? {}).length;
      assert.equal(after, before, 'the update overwrote the Shopify product instead of adding one');
    }));

  it('5. auto update: saves its settings, Sync now runs to the end, the product center shows the sync', () =>
    withPage(browser, 'push-5', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/products-center`);
      await page.getByTestId('auto-update-link').click();
      await page.waitForURL(/\/app\/products\/auto-update$/);
      await page.getByTestId('auto-update-page').waitFor();
      await page.getByTestId('auto-update-out_of_stock-unpublish').click();
      await page.getByTestId('auto-update-save').click();
      await page.locator('[data-testid="toast"][data-type="success"]').filter({ hasText: 'Settings saved.' }).waitFor();
      await page.reload();
      await page.locator('[data-testid="auto-update-out_of_stock-unpublish"][aria-pressed="true"]').waitFor();

      await page.getByTestId('auto-update-sync-now').click();
      await page
        .locator('[data-testid="toast"]')
        .filter({ hasText: /The supplier sync is finished\.|The supplier sync failed\./ })
        .first()
        .waitFor({ timeout: JOB_WAIT_MS });
      assert.equal(await page.locator('[data-testid="toast"][data-type="error"]').count(), 0, 'the sync succeeded');
      // The page reads its settings again when the sync ends (after the toast): wait for that read.
      await page.waitForFunction(
        () => !/never/.test(document.querySelector('[data-testid="auto-update-last-run"]')?.textContent ?? 'never'),
      );
      assert.doesNotMatch(await page.getByTestId('auto-update-last-run').innerText(), /never/);

      // Every destination of the pushed products shows a sync state, none an error; the log has the run.
      await page.goto(`${BASE_URL}/app/products-center`);
      const row = page.locator(`[data-testid="pushed-row"][data-id="${products[0].id}"]`);
      await row.waitFor();
      const syncs = await row.getByTestId('target-status').evaluateAll((els) => els.map((e) => e.dataset.sync));
      assert.equal(syncs.length, 3);
      for (const sync of syncs) assert.ok(sync === 'synced' || sync === 'changed', `sync state ${sync}`);
      await row.getByTestId('pushed-row-sync-log').click();
      await page.locator('[data-testid="sync-log-entry"][data-kind="supplier_sync"]').first().waitFor();
      await screenshot(page, 'push-5-sync-log');
    }));

  it('6. a push over the LISTING_PRODUCTS quota shows the quota banner', () =>
    withPage(browser, 'push-6', async (page) => {
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/products-import`);
      // The pushed products left the import list; their 9 copies are there.
      await page.getByTestId('import-row').nth(8).waitFor();
      const original = new Set(products.map((p) => p.id));
      const rows = await page.getByTestId('import-row').evaluateAll((els) =>
        els.map((e) => ({
          id: e.dataset.id,
          variants: Number(e.querySelector('[data-testid="import-row-variants"]').textContent.replace(/\D/g, '')),
        })),
      );
      // Copies of at most 100 variants: one unit per destination each.
      const small = rows.filter((r) => !original.has(r.id) && r.variants <= 100).map((r) => r.id);
      assert.ok(small.length >= 3, `three small copies at least: ${JSON.stringify(rows)}`);
      const api = (path, body) =>
        page.evaluate(
          async ([p, b]) => {
            const res = await fetch(`/api/${p}`, {
              method: b ? 'POST' : 'GET',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('dropline.token')}` },
              body: b ? JSON.stringify(b) : undefined,
            });
            return res.json();
          },
          [path, body],
        );
      const plan = await api('payments/user/current-plan');
      const { limit, usage } = plan.data.package.features.LISTING_PRODUCTS;
      const left = limit - usage;
      const dests = [ids.shop, ids.woo, 'tiktok'].slice(0, Math.min(3, left));
      assert.ok(dests.length > 0, `listings left: ${left}`);

      // The modal checks one small copy × the destinations against the plan it read: it fits...
      await selectRows(page, [small[0]]);
      await page.getByTestId('bulk-push').click();
      await page.getByTestId('push-modal').waitFor();
      for (const key of dests) await tickDestination(page, key);
      assert.equal(await page.getByTestId('push-quota-line').getAttribute('data-required'), String(dests.length));
      assert.equal(await page.getByTestId('push-submit').isDisabled(), false);

      // ...while other copies take what is left but less than this push needs, elsewhere.
      const others = small.slice(1);
      let spend = null;
      for (let d = 3; d >= 1 && !spend; d -= 1) {
        for (let k = 1; k <= others.length; k += 1) {
          if (k * d > left - dests.length && k * d <= left) {
            spend = { d, k };
            break;
          }
        }
      }
      assert.ok(spend, `a way to spend between ${left - dests.length + 1} and ${left} listings with ${others.length} copies`);
      const channels = Object.fromEntries([ids.shop, ids.woo, 'tiktok'].slice(0, spend.d).map((key) => [key, { is_publish: true }]));
      const other = await api('center/products/push-to-multiple-channels', {
        settings: { channels },
        product_package_ids: others.slice(0, spend.k),
      });
      assert.equal(other.status, 200, JSON.stringify(other));
      const used = other.data.usage;

      // The API refuses: QUOTA_EXPIRED; the banner shows usage plus this push, and the limit.
      await page.getByTestId('push-submit').click();
      const banner = page.getByTestId('push-quota-banner');
      await banner.waitFor();
      assert.equal(await banner.getAttribute('data-usage'), String(used + dests.length));
      assert.equal(await banner.getAttribute('data-limit'), String(limit));
      assert.match(await banner.innerText(), /You have exceeded your listing product quota/);
      await page.getByTestId('push-quota-upgrade').waitFor();
      await page.locator('[data-testid="toast"][data-type="error"]').first().waitFor();
      await screenshot(page, 'push-6-quota');

      // Opened again, the modal knows the new usage: the banner shows before any call, Push is disabled.
      await page.keyboard.press('Escape');
      await page.getByTestId('push-modal').waitFor({ state: 'detached' });
      await page.getByTestId('bulk-push').click();
      for (const key of dests) await tickDestination(page, key);
      await page.locator(`[data-testid="push-quota-banner"][data-usage="${used + dests.length}"]`).waitFor();
      assert.equal(await page.getByTestId('push-submit').isDisabled(), true);
    }));
});
