// Shared helpers of the browser tests: Debian's chromium driven by playwright-core.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
export const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
export const PASSWORD = 'e2e-Passw0rd!';
export const TIMEOUT_MS = 15_000;

const here = dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = join(here, 'screenshots');

export function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export async function newPage(browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  context.setDefaultTimeout(TIMEOUT_MS);
  const page = await context.newPage();
  return { context, page };
}

export function uniqueEmail(tag = 'e2e') {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Calls the API directly (outbox, account checks). */
export async function apiGet(path, token) {
  const res = await fetch(`${BASE_URL}/api/${path}`, {
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const text = await res.text();
  try {
    return { http: res.status, body: JSON.parse(text) };
  } catch {
    return { http: res.status, body: text };
  }
}

/** Fails the suite early with a clear message when nothing answers at BASE_URL. */
export async function assertApiUp() {
  try {
    const res = await fetch(`${BASE_URL}/api/health`);
    if (res.status >= 500 && res.status !== 503) throw new Error(`HTTP ${res.status}`);
  } catch (error) {
    throw new Error(
      `The Dropline API does not answer at ${BASE_URL}/api/health (${error.message}). Start it (cargo run -p api) or set E2E_BASE_URL.`,
      { cause: error },
    );
  }
}

/** Waits for the verification email of `email` in the dev outbox and returns its link (a path). */
export async function verificationLink(email) {
  const deadline = Date.now() + TIMEOUT_MS;
  let last;
  while (Date.now() < deadline) {
    last = await apiGet(`dev/outbox?to=${encodeURIComponent(email)}`);
    const link = last.body?.data?.items?.[0]?.link;
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no verification email for ${email} in the dev outbox: ${JSON.stringify(last?.body)}`);
}

export async function screenshot(page, name) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

export async function fillSignup(page, email) {
  await page.goto(`${BASE_URL}/signup`);
  await page.getByTestId('signup-first-name').fill('Ada');
  await page.getByTestId('signup-last-name').fill('Lovelace');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-password').fill(PASSWORD);
  await page.getByTestId('signup-submit').click();
  await page.waitForURL(/\/signup\/email-resend/);
}

export async function login(page, email, password = PASSWORD) {
  await page.goto(`${BASE_URL}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function htmlDir(page) {
  return page.evaluate(() => document.documentElement.getAttribute('dir'));
}

/**
 * Picks a language from the header's menu as a person does: opens the menu, waits until it is
 * open (a click during its opening is not a choice), clicks the language, and waits for the page
 * to be in it (`<html lang>`).
 */
export async function chooseLanguage(page, lng) {
  await page.getByTestId('language-selector').click();
  await page.locator('[data-testid="language-menu"][data-state="open"]').waitFor();
  await page.getByTestId(`language-option-${lng}`).click();
  await page.waitForFunction((want) => document.documentElement.lang === want, lng);
}

/** Runs `fn(page)` in a fresh context; on failure saves `fail-<name>.png` (with the URL in the error). */
export async function withPage(browser, name, fn, viewport) {
  const { context, page } = await newPage(browser, viewport);
  try {
    await fn(page);
  } catch (error) {
    await screenshot(page, `fail-${name}`).catch(() => {});
    error.message = `${error.message}\n(at ${page.url()}; screenshot e2e/screenshots/fail-${name}.png)`;
    throw error;
  } finally {
    await context.close();
  }
}

// ---- Orders against the sandbox (shared by orders.test.mjs and tracking.test.mjs) ----

export const SANDBOX = (process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:9090').replace(/\/+$/, '');
/** The sandbox's host and port, as a store address shows it (`127.0.0.1:9090/woo/...`). */
export const SANDBOX_HOST = new URL(SANDBOX).host;
const KEYWORD = process.env.E2E_KEYWORD ?? 'light';
const CACHE_WAIT_MS = 60_000;
const PUSH_WAIT_MS = 90_000;
export const ORDER_WAIT_MS = 60_000;
export const PLACE_WAIT_MS = 90_000;
/** What a job run by the worker (store setup, a sync, a scan) or a webhook's arrival may take on a loaded machine. */
export const JOB_WAIT_MS = 60_000;

/** Calls the sandbox's control API (GET, or POST with a JSON body). */
export async function sandbox(path, body) {
  const res = await fetch(`${SANDBOX}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`sandbox ${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

export async function assertSandboxUp() {
  await fetch(`${SANDBOX}/_sandbox/health`).catch(() => {
    throw new Error(`the sandbox does not answer at ${SANDBOX}`);
  });
}

/** Signs up `email` and follows the verification link. */
export async function signUpVerified(browser, email, name) {
  await withPage(browser, name, async (page) => {
    await fillSignup(page, email);
    await page.goto(new URL(await verificationLink(email), BASE_URL).toString());
    await page.waitForURL(`${BASE_URL}/app`);
  });
}

export async function signedIn(page, email) {
  await login(page, email);
  await page.waitForURL(`${BASE_URL}/app`);
  await page.getByTestId('dashboard-shell').waitFor();
}

/** Calls the API from the page with the session's token. */
export function pageApi(page, path) {
  return page.evaluate(async (p) => {
    const res = await fetch(`/api/${p}`, { headers: { authorization: `Bearer ${localStorage.getItem('dropline.token')}` } });
    return res.json();
  }, path);
}

async function searchUntilResults(page, keyword) {
  const deadline = Date.now() + CACHE_WAIT_MS;
  await page.getByTestId('find-search').fill(keyword);
  await page.getByTestId('find-search-submit').click();
  for (;;) {
    const outcome = await Promise.race([
      page
        .getByTestId('product-card')
        .first()
        .waitFor({ timeout: 20_000 })
        .then(() => 'cards'),
      page
        .getByTestId('find-empty')
        .waitFor({ timeout: 20_000 })
        .then(() => 'empty'),
    ]).catch(() => 'timeout');
    if (outcome === 'cards') return;
    if (Date.now() > deadline) throw new Error(`no search results for "${keyword}" (last: ${outcome})`);
    await page.waitForTimeout(3000);
    await page.reload();
  }
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

/** Connects the sandbox Shopify store `shopName`, imports a product and pushes it there: `{storeId, product}`. */
export async function connectAndPush(page, shopName) {
  const shopDomain = `${shopName}.myshopify.com`;
  await page.goto(`${BASE_URL}/app/channel`);
  await page.getByTestId('channel-connect-shopify').click();
  await page.getByTestId('connect-store-url').fill(shopName);
  await page.getByTestId('connect-submit').click();
  await page.waitForURL(/\/app\/channel$/, { timeout: 20_000 });
  const shop = page.locator(`[data-testid^="store-row-"][data-domain="${shopDomain}"]`);
  await shop.locator('[data-setup="ready"]').waitFor({ timeout: JOB_WAIT_MS });
  const storeId = (await shop.getAttribute('data-testid')).replace('store-row-', '');

  await page.goto(`${BASE_URL}/app/find-product`);
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
  const dest = page.getByTestId(`push-destination-${storeId}`);
  await dest.waitFor();
  if ((await dest.getAttribute('data-selected')) !== 'true') await page.getByTestId(`push-destination-check-${storeId}`).click();
  await page.getByTestId('push-submit').click();
  await page.getByTestId('push-modal').waitFor({ state: 'detached' });
  await page.waitForFunction(
    () => {
      const el = document.querySelector('[data-testid="push-toast"]');
      return el && el.querySelectorAll('[data-testid="push-toast-item"]').length > 0 && el.getAttribute('data-processing') === '0';
    },
    null,
    { timeout: PUSH_WAIT_MS },
  );
  const statuses = await page.getByTestId('push-toast-item').evaluateAll((els) => els.map((e) => e.dataset.status));
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
  await page.waitForURL(/\/app\/orders$/);
  await page.getByTestId('placement-toast').waitFor();
  await page.waitForFunction(
    () => {
      const el = document.querySelector('[data-testid="placement-toast"]');
      return el && el.querySelectorAll('[data-testid="placement-toast-item"]').length > 0 && el.getAttribute('data-processing') === '0';
    },
    null,
    { timeout: PLACE_WAIT_MS },
  );
  return page.getByTestId('placement-toast-item').evaluateAll((els) => els.map((e) => ({ status: e.dataset.status, text: e.textContent })));
}
