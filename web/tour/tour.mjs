// The screenshot tour: signs up on a running product with its sandbox, gives the account a store,
// an imported and pushed product and a customer order, then saves a PNG of every signed-in page of
// the route table (web/src/app/routes/paths.ts) in English and Arabic, on a desktop and a phone.
// Run by scripts/screenshot-tour (which starts the product and names the folder); the folder is
// TOUR_DIR, one subfolder per language and size.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL, chooseLanguage, newPage, launch, rand, signUpVerified, signedIn, uniqueEmail } from '../e2e/helpers.mjs';
import { connectAndPush, customerBuys, reloadUntil, ORDER_WAIT_MS, wideRange } from '../e2e/sandbox-flows.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const OUT = process.env.TOUR_DIR ?? join(here, '..', '..', '.data', 'tour');
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

/** Every signed-in path of the route table without parameters, then `extra` (parameters filled). */
async function signedInPaths(extra) {
  const table = await readFile(join(here, '..', 'src', 'app', 'routes', 'paths.ts'), 'utf8');
  const built = table.slice(table.indexOf('BUILT_PATHS'));
  const paths = [...built.matchAll(/:\s*'(\/app[^']*)'/g)].map((m) => m[1]).filter((p) => !p.includes(':'));
  return [...new Set([...paths, ...extra])];
}

const fileName = (path) => `${path.replace(/^\/+/, '').replace(/[/?=&]+/g, '_') || 'root'}.png`;

const browser = await launch();
try {
  const email = uniqueEmail('tour');
  const shopName = `tour-${rand()}`;
  await signUpVerified(browser, email, 'tour-signup');
  const { context, page } = await newPage(browser, SIZES.desktop);
  await signedIn(page, email);
  const { product } = await connectAndPush(page, shopName);
  const orderName = await customerBuys(`${shopName}.myshopify.com`, product);
  const row = `[data-testid="order-row"][data-name="${orderName}"]`;
  await reloadUntil(page, `${BASE_URL}/app/orders?${wideRange()}`, row, ORDER_WAIT_MS);
  const orderId = await page.locator(row).getAttribute('data-id');
  await context.close();
  const paths = await signedInPaths([
    `/app/orders/detail/${orderId}/ready`,
    `/app/products-import/editor/${product.id}`,
    `/app/orders/create?orders=${encodeURIComponent(JSON.stringify([orderId]))}`,
  ]);

  let saved = 0;
  for (const lng of ['en', 'ar']) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      const dir = join(OUT, `${lng}-${size}`);
      await mkdir(dir, { recursive: true });
      const { context: ctx, page: p } = await newPage(browser, viewport);
      await signedIn(p, email);
      if (lng !== 'en') await chooseLanguage(p, lng);
      for (const path of paths) {
        await p.goto(`${BASE_URL}${path}`);
        await p.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
        await p.screenshot({ path: join(dir, fileName(path)), fullPage: true });
        saved += 1;
      }
      await ctx.close();
    }
  }
  console.log(`tour: ${saved} screenshots of ${paths.length} pages in ${OUT}`);
} finally {
  await browser.close();
}
