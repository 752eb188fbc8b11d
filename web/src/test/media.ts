/** A `window.matchMedia` (jsdom has none) whose lists match when `matches(query)` says so. */
export function fakeMatchMedia(matches: (query: string) => boolean = () => false): typeof window.matchMedia {
  return (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** Lays the app out for a phone (its `max-width` queries match) or for a desktop. */
export function setMobile(mobile: boolean) {
  window.matchMedia = fakeMatchMedia((query) => mobile && query.includes('max-width'));
}
