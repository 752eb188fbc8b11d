import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks these browser APIs that Chakra / Ark UI use.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
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

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
