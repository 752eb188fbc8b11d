// Shared helpers of the browser tests: Debian's chromium driven by playwright-core.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
export const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
export const PASSWORD = 'e2e-Passw0rd!';
export const TIMEOUT_MS = 15_000;
/** A short random tag that makes a suite's stores and shops its own. */
export const rand = () => Math.random().toString(36).slice(2, 8);

const here = dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = join(here, 'screenshots');

export const SANDBOX = (process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:9090').replace(/\/+$/, '');
/** The sandbox's host and port, as a store address shows it (`127.0.0.1:9090/woo/...`). */
export const SANDBOX_HOST = new URL(SANDBOX).host;

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

export async function assertSandboxUp() {
  await fetch(`${SANDBOX}/_sandbox/health`).catch(() => {
    throw new Error(`the sandbox does not answer at ${SANDBOX}`);
  });
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
  // Signed in, the choice is also saved to the account, and the next page load applies the
  // account's language: wait for the save, or a navigation right after could undo the choice.
  const signedIn = new URL(page.url()).pathname.startsWith('/app');
  const saved = signedIn && page.waitForResponse((r) => r.url().includes('/auth/account/set-language'));
  await page.getByTestId('language-selector').click();
  const menu = page.locator('[data-testid="language-menu"][data-state="open"]');
  await menu.waitFor();
  // `data-state` is open from the first frame of the opening animation; a click before it ends
  // was dropped on a loaded machine (the menu stayed open, the language unchanged).
  await menu.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
  await page.getByTestId(`language-option-${lng}`).click();
  await page.waitForFunction((want) => document.documentElement.lang === want, lng);
  if (saved) await saved;
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

/** Signs up `email` and follows the verification link, which opens the onboarding welcome. */
export async function signUpVerified(browser, email, name) {
  await withPage(browser, name, async (page) => {
    await fillSignup(page, email);
    await page.goto(new URL(await verificationLink(email), BASE_URL).toString());
    await page.waitForURL(`${BASE_URL}/app/ob-welcome`);
    await page.getByTestId('welcome-page').waitFor();
  });
}

/** Signs in as `email` and waits for the dashboard. */
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

/**
 * The suite's browser, for its before() hook: fails early when the API (and, with `sandbox`, the
 * sandbox) does not answer, launches Chromium and, given `signUp` ({email, name}), signs that
 * account up and verifies it. The suite closes it in after().
 */
export async function openBrowser({ sandbox = false, signUp } = {}) {
  await assertApiUp();
  if (sandbox) await assertSandboxUp();
  const browser = await launch();
  if (signUp) await signUpVerified(browser, signUp.email, signUp.name);
  return browser;
}
