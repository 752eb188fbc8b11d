// Flows of the browser tests against the sandbox (the emulated stores, suppliers and payment
// vendor): connect a store, find, import and push a product, buy it, pay for it.
import { BASE_URL, SANDBOX } from './helpers.mjs';

export const KEYWORD = process.env.E2E_KEYWORD ?? 'light';
const CACHE_WAIT_MS = 60_000;
export const PUSH_WAIT_MS = 90_000;
export const ORDER_WAIT_MS = 60_000;
export const PLACE_WAIT_MS = 90_000;
/** What a job run by the worker (store setup, a sync, a scan) or a webhook's arrival may take on a loaded machine. */
export const JOB_WAIT_MS = 60_000;

/** Calls the sandbox (GET, or POST with a JSON body); `token` is a bearer token (the suppliers' API). */
export async function sandbox(path, body, { token } = {}) {
  const res = await fetch(`${SANDBOX}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`sandbox ${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Waits until the find page shows the results of a query with the `has` values and without the
 * `lacks` parameters (the page's data-query and data-state), so that nothing reads, counts or
 * clicks the cards of the previous query while React has not yet rendered the new one.
 */
export async function findShown(page, { has = {}, lacks = [] }, timeout = 30_000) {
  await page.waitForFunction(
    ([want, without]) => {
      const el = document.querySelector('[data-testid="find-product-page"]');
      if (el?.getAttribute('data-state') !== 'ready') return false;
      const q = new URLSearchParams(el.getAttribute('data-query') ?? '');
      return Object.entries(want).every(([k, v]) => q.get(k) === v) && without.every((k) => !q.has(k));
    },
    [has, lacks],
    { timeout },
  );
}

/** Searches `keyword` on the find page, reloading until the supplier cache has results (it fills after start-up). */
export async function searchUntilResults(page, keyword) {
  const deadline = Date.now() + CACHE_WAIT_MS;
  await page.getByTestId('find-search').fill(keyword);
  await page.getByTestId('find-search-submit').click();
  await page.waitForURL(new RegExp(`keyword=${keyword}`));
  for (;;) {
    // Counted once the page shows this search's answer, never the cards of the page before it.
    const shown = await findShown(page, { has: { keyword } }, 20_000).then(
      () => true,
      () => false,
    );
    if (shown && (await page.getByTestId('product-card').count()) > 0) return;
    if (Date.now() > deadline) throw new Error(`no search results for "${keyword}" after ${CACHE_WAIT_MS / 1000} s`);
    await page.waitForTimeout(3000);
    await page.reload();
  }
}

/** The store's row on the channel page. */
export const storeRow = (page, domain) => page.locator(`[data-testid^="store-row-"][data-domain="${domain}"]`);

/** From the channel page, connects the sandbox Shopify store `shopName` and waits for its setup job: its store id. */
export async function connectShopify(page, shopName) {
  await page.getByTestId('channel-connect-shopify').click();
  await page.getByTestId('connect-store-url').fill(shopName);
  await page.getByTestId('connect-submit').click();
  await page.waitForURL(/\/app\/channel$/, { timeout: 20_000 });
  const shop = storeRow(page, `${shopName}.myshopify.com`);
  await shop.locator('[data-setup="ready"]').waitFor({ timeout: JOB_WAIT_MS });
  return (await shop.getAttribute('data-testid')).replace('store-row-', '');
}

/** Ticks a destination of the push modal unless it is ticked. */
export async function tickDestination(page, key) {
  const row = page.getByTestId(`push-destination-${key}`);
  await row.waitFor();
  if ((await row.getAttribute('data-selected')) !== 'true') await page.getByTestId(`push-destination-check-${key}`).click();
  await page.locator(`[data-testid="push-destination-${key}"][data-selected="true"]`).waitFor();
}

/**
 * Waits until the progress toast `name` (push-toast, placement-toast) lists `count` items (without
 * a count, any) and none is processing; returns each item's status, channel and text.
 */
export async function toastSettled(page, name, { count, timeout }) {
  await page.getByTestId(name).waitFor();
  await page.waitForFunction(
    ([toast, n]) => {
      const el = document.querySelector(`[data-testid="${toast}"]`);
      const items = el?.querySelectorAll(`[data-testid="${toast}-item"]`).length ?? 0;
      return el && (n === null ? items > 0 : items === n) && el.getAttribute('data-processing') === '0';
    },
    [name, count ?? null],
    { timeout },
  );
  return page
    .getByTestId(`${name}-item`)
    .evaluateAll((els) => els.map((e) => ({ status: e.dataset.status, channel: e.dataset.channel, text: e.textContent })));
}

/** The wallet's total balance as the page shows it (data-value of the total). */
export async function walletTotal(page) {
  await page.goto(`${BASE_URL}/app/setting/wallet`);
  const total = page.locator('[data-testid="wallet-total"]');
  await total.waitFor();
  return Number(await total.getAttribute('data-value'));
}

/** Reloads `url` until `selector` shows (the API picks changes up in the background). */
export async function reloadUntil(page, url, selector, timeout) {
  const deadline = Date.now() + timeout;
  await page.goto(url);
  for (;;) {
    const found = await page
      .locator(selector)
      .first()
      .waitFor({ timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (found) return;
    if (Date.now() > deadline) throw new Error(`${selector} did not show at ${url}`);
    await page.reload();
  }
}

/**
 * Connects the sandbox Shopify store `shopName`, imports a product of `source` (Dropline's own
 * catalogue unless named) and pushes it there: `{storeId, product}`.
 */
export async function connectAndPush(page, shopName, { source = 'dropline' } = {}) {
  await page.goto(`${BASE_URL}/app/channel`);
  const storeId = await connectShopify(page, shopName);

  // Dropline's own catalogue: its orders are paid from the wallet (AliExpress orders are paid in
  // the owner's own AliExpress account, which these flows do not connect).
  await page.goto(`${BASE_URL}/app/find-product?source=${source}`);
  await searchUntilResults(page, KEYWORD);
  await page.getByTestId('product-card').first().getByTestId('import-button').click();
  await page.locator('[data-testid="product-card"][data-import-state="imported"]').first().waitFor({ timeout: 20_000 });
  await page.goto(`${BASE_URL}/app/products-import`);
  const row = page.getByTestId('import-row').first();
  await row.waitFor();
  const product = { id: await row.getAttribute('data-id'), title: await row.getAttribute('data-title') };
  await row.getByTestId('import-row-select').click();
  await page.getByTestId('bulk-push').click();
  await page.getByTestId('push-modal').waitFor();
  await tickDestination(page, storeId);
  await page.getByTestId('push-submit').click();
  await page.getByTestId('push-modal').waitFor({ state: 'detached' });
  const statuses = (await toastSettled(page, 'push-toast', { timeout: PUSH_WAIT_MS })).map((i) => i.status);
  if (!(statuses.length > 0 && statuses.every((s) => s === 'success'))) throw new Error(`the push failed: ${statuses}`);
  return { storeId, product };
}

/** A customer buys the pushed product on the sandbox store: the order's name (#1001). */
export async function customerBuys(shopDomain, product) {
  const shop = await sandbox(`/_sandbox/shopify/${shopDomain}`);
  const pushed = Object.values(shop.products ?? {}).find((p) => p.title === product.title || p.title.startsWith(`${product.title} (`));
  if (!pushed) throw new Error(`the pushed product "${product.title}" is not in the shop`);
  const created = await sandbox(`/_sandbox/shopify/${shopDomain}/orders`, {
    email: 'buyer@example.com',
    line_items: [{ variant_id: pushed.variants[0].id, quantity: 1 }],
    shipping_address: {
      name: 'Grace Hopper',
      address1: '1 Navy Way',
      city: 'Arlington',
      zip: '22201',
      province_code: 'VA',
      country_code: 'US',
      phone: '+15550100',
    },
  });
  if (!/^#\d+$/.test(created.name ?? '')) throw new Error(`the sandbox order's name: ${JSON.stringify(created)}`);
  return created.name;
}

/** Tops the wallet up by `amount` through the vendor's hosted checkout (its webhook raises the balance). */
export async function topUp(page, amount, sandboxUrl = SANDBOX) {
  await page.goto(`${BASE_URL}/app/setting/wallet`);
  await page.locator('[data-testid="wallet-total"]').waitFor();
  await page.getByTestId('wallet-topup-amount').fill(String(amount));
  if (await page.getByTestId('wallet-policy').count()) await page.getByTestId('wallet-policy').click();
  await page.getByTestId('wallet-topup-submit').click();
  await page.waitForURL((url) => url.toString().startsWith(`${sandboxUrl}/payments/checkout/`), { timeout: 20_000 });
  await page.locator('#pay').click();
  await page.waitForURL(/\/app\/orders\/payment-success/, { timeout: 20_000 });
  await page.locator('[data-testid="payment-success-page"][data-raised="true"]').waitFor({ timeout: JOB_WAIT_MS });
}

/** An order-list date range a year either side of today (sandbox orders carry the sandbox clock's date). */
export function wideRange(now = new Date()) {
  const y = now.getFullYear();
  return `from_date=${y - 1}-01-01&to_date=${y + 1}-12-31`;
}

/** Places `orderName` from New orders, paying from the wallet; waits for the placement toast: the items. */
export async function placeAndPayFromWallet(page, orderName) {
  await page.goto(`${BASE_URL}/app/orders?${wideRange()}`);
  const row = page.locator(`[data-testid="order-row"][data-name="${orderName}"]`);
  await row.waitFor();
  await row.getByTestId('order-action-place').click();
  await page.waitForURL(/\/app\/orders\/create\?orders=/);
  await page.getByTestId('preview-order').first().waitFor({ timeout: 30_000 });
  if (await page.locator('[data-testid="preview-source"][data-placeable="false"]').count())
    throw new Error('a part of the order cannot be placed');
  await page.getByTestId('create-pay-wallet').click();
  await page.getByTestId('create-order-submit').click();
  await page.waitForURL(/\/app\/orders(\?|$)/);
  return toastSettled(page, 'placement-toast', { timeout: PLACE_WAIT_MS });
}
