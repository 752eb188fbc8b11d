/**
 * Sibling apps of the app switcher (spec section 1): a product researcher and a browser
 * extension, the extension hidden. Dropline itself heads the list as the current app.
 */
export interface SiblingApp {
  id: 'dropline' | 'researcher' | 'extension';
  /** i18n keys under appSwitcher.apps.<id>. */
  url: string | null;
  hidden?: boolean;
}

export function siblingApps(urls: { researcherUrl: string }): SiblingApp[] {
  const all: SiblingApp[] = [
    { id: 'dropline', url: null },
    { id: 'researcher', url: urls.researcherUrl },
    { id: 'extension', url: null, hidden: true },
  ];
  return all.filter((a) => !a.hidden);
}
