import { BACK_TO_TOP_AFTER_PX } from '@/lib/env';

/** The product editors, where the spec leaves the back-to-top button out. */
const EDITOR_PATHS = [/^\/app\/products-import\/editor\//, /^\/app\/products-center\/editor\//];

/** Shown once scrolled past 500 px (spec, second document), never on an editor page. */
export function showBackToTop(scrollY: number, pathname: string): boolean {
  if (EDITOR_PATHS.some((re) => re.test(pathname))) return false;
  return scrollY > BACK_TO_TOP_AFTER_PX;
}
