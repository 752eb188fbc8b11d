// Product video (issue 21) against the real product and the sandbox's Dropline catalogue: the
// detail page shows the poster, starts the supplier's video muted about 3 s after it is shown,
// and a video the browser cannot play says why in the reader's language (MediaError code).
// Run: E2E_ONLY=video scripts/test browser
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, SANDBOX, openBrowser, signedIn, uniqueEmail, withPage } from './helpers.mjs';

const en = JSON.parse(readFileSync(new URL('../src/locales/en.json', import.meta.url), 'utf8'));
const auth = { authorization: 'Bearer sandbox-supplier-token' };

/** A Dropline product in stock whose supplier data carries a video. */
async function productWithVideo() {
  const page = await (await fetch(`${SANDBOX}/suppliers/dropline/api/products?page_size=50`, { headers: auth })).json();
  for (const item of page.items.filter((i) => i.video_url)) {
    const p = await (await fetch(`${SANDBOX}/suppliers/dropline/api/products/${item.id}`, { headers: auth })).json();
    if (p.variants.some((v) => v.stock > 0)) return p;
  }
  throw new Error('the sandbox catalogue has a Dropline product with a video');
}

const state = (page) =>
  page.getByTestId('detail-video').evaluate((v) => ({ paused: v.paused, time: v.currentTime, muted: v.muted, poster: v.poster }));

describe('product video', { concurrency: false }, () => {
  let browser;
  let product;
  const email = uniqueEmail('video');

  before(async () => {
    browser = await openBrowser({ sandbox: true, signUp: { email, name: 'video-signup' } });
    product = await productWithVideo();
  });

  after(async () => {
    await browser?.close();
  });

  it('shows the poster, then plays the video muted about 3 s after it is shown', () =>
    withPage(browser, 'video-plays', async (page) => {
      // Both instants are read by the page's own clock: on a busy machine the test's view of
      // the page lags behind by a second or more. A video element that replaces another starts
      // its own wait, so the latest one is the one timed.
      await page.addInitScript(() => {
        const seen = (window.__video = {});
        new MutationObserver(() => {
          const v = document.querySelector('[data-testid="detail-video"]');
          if (!v || v === seen.element) return;
          Object.assign(seen, { element: v, shown: performance.now(), pausedWhenShown: v.paused, playing: undefined });
          v.addEventListener('playing', () => {
            if (seen.element === v) seen.playing ??= performance.now();
          });
        }).observe(document, { childList: true, subtree: true });
      });
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/find-product/dropline/detail/${product.id}/US`);
      await page.getByTestId('detail-video').waitFor();
      const first = await state(page);
      assert.equal(first.muted, true);
      assert.equal(first.poster, product.images[0], 'the first image until it plays');
      await page.waitForFunction(
        () => {
          const v = document.querySelector('[data-testid="detail-video"]');
          return v && window.__video.playing !== undefined && !v.paused && v.currentTime > 0;
        },
        null,
        { timeout: 15_000 },
      );
      const { shown, playing, pausedWhenShown } = await page.evaluate(() => window.__video);
      assert.equal(pausedWhenShown, true, 'paused when shown');
      const waited = Math.round(playing - shown);
      assert.ok(waited >= 2_500, `it started ${waited} ms after it was shown`);
      assert.equal((await state(page)).muted, true, 'still muted while playing');
      assert.equal(await page.getByTestId('detail-video-error').count(), 0);
    }));

  it('says why a video cannot play', () =>
    withPage(browser, 'video-broken', async (page) => {
      // The supplier's address answers something that is no video.
      await page.route('**/video/**', (route) => route.fulfill({ status: 200, contentType: 'video/webm', body: 'not a video at all' }));
      await signedIn(page, email);
      await page.goto(`${BASE_URL}/app/find-product/dropline/detail/${product.id}/US`);
      const error = page.getByTestId('detail-video-error');
      await error.waitFor();
      const code = await page.getByTestId('detail-video').evaluate((v) => v.error?.code);
      const key = [1, 2, 3, 4].includes(code) ? `error_video_code_${code}` : 'error_video_unknown';
      assert.equal(await error.innerText(), en.findProduct.video[key], `MediaError code ${code}`);
    }));
});
