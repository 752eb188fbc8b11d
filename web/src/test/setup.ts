import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import i18n from 'i18next';
import { resetExternalStores } from '@/lib/external-store';
import { toaster } from '@/lib/toaster';
import { fakeMatchMedia } from './media';

// jsdom lacks these browser APIs that Chakra / Ark UI use.
if (!window.matchMedia) window.matchMedia = fakeMatchMedia();
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
// Zag's focus trap escapes ids with CSS.escape when a dialog's content changes.
if (typeof window.CSS === 'undefined' || typeof window.CSS.escape !== 'function') {
  const escape = (value: string) => String(value).replace(/[^a-zA-Z0-9_-]/g, (ch) => `\\${ch}`);
  (window as unknown as { CSS: Partial<typeof CSS> }).CSS = { ...(window.CSS ?? {}), escape };
}

// Every test starts unrendered, signed out, in English, at `/`, with no toast, no push or
// placement followed, real timers and the real fetch (mockApi stubs it per test).
afterEach(async () => {
  cleanup();
  toaster.remove();
  resetExternalStores();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (i18n.isInitialized && i18n.language !== 'en') await i18n.changeLanguage('en');
});
