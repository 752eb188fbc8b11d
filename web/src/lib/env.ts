/**
 * Typed runtime configuration and the business constants of the spec (section 9).
 * Values may be overridden at build time with the VITE_* variables declared in vite-env.d.ts.
 */
import { type EmbeddedContext, currentEmbedded } from './embedded';

function read(value: string | undefined, fallback: string): string {
  return value && value.trim() !== '' ? value : fallback;
}

export interface Env {
  /** Base path of the API; every request path is appended to it. */
  readonly apiBase: string;
  /** Base of the second client, for calls at the host root (`status/shopify-service/...`). */
  readonly rootBase: string;
  /** Value of the `app` request header. */
  readonly appName: string;
  /** Marketing site partners page: every path containing `/campaign` is sent here. */
  readonly partnersUrl: string;
  /** External help center. */
  readonly helpCenterUrl: string;
  /** The sellers' community (forum), opened from /app/community. */
  readonly communityUrl: string;
  /** The product's changelog (what shipped when), opened from /app/community. */
  readonly changelogUrl: string;
  /** The sibling product-research app offered in the app switcher. */
  readonly researcherUrl: string;
  /** The spec's ONBOARDING_V2 step order. */
  readonly onboardingV2: boolean;
  /** Request timeout (spec: 60 s). */
  readonly apiTimeoutMs: number;
  /** Whether the dashboard runs embedded in the Shopify admin (this tab was opened with `embedded=1`). */
  readonly isEmbedded: boolean;
  /** The shop and parameters of the embedding, when embedded. */
  readonly embedded: EmbeddedContext | null;
}

const embedded = currentEmbedded();

export const env: Env = {
  apiBase: read(import.meta.env.VITE_API_BASE, '/api/'),
  rootBase: read(import.meta.env.VITE_ROOT_BASE, '/'),
  appName: read(import.meta.env.VITE_APP_NAME, 'dropline'),
  partnersUrl: read(import.meta.env.VITE_PARTNERS_URL, 'https://dropline.dev/partners'),
  helpCenterUrl: read(import.meta.env.VITE_HELP_CENTER_URL, 'https://dropline.dev/help'),
  communityUrl: read(import.meta.env.VITE_COMMUNITY_URL, 'https://dropline.dev/community'),
  changelogUrl: read(import.meta.env.VITE_CHANGELOG_URL, 'https://dropline.dev/changelog'),
  researcherUrl: read(import.meta.env.VITE_RESEARCHER_URL, 'https://dropline.dev/researcher'),
  onboardingV2: read(import.meta.env.VITE_ONBOARDING_V2, 'false') === 'true',
  apiTimeoutMs: 60_000,
  isEmbedded: embedded !== null,
  embedded,
};

/** Widths at or below this many pixels use the mobile layout. */
export const MOBILE_MAX_WIDTH = 768;
/** Spec (second document, section 9): the back-to-top button shows past this scroll depth. */
export const BACK_TO_TOP_AFTER_PX = 500;
/** Height of the top bar (header offset). */
export const HEADER_HEIGHT = 56;
/** Counts above this are shown as "99+". */
export const BADGE_CAP = 99;
/** Delay before signing out after an UNAUTHORIZED response. */
export const UNAUTHORIZED_SIGN_OUT_DELAY_MS = 1000;
/** Delay before leaving for the settings after CURRENT_SHOP_ID_INVALID. */
export const INVALID_SHOP_REDIRECT_DELAY_MS = 1000;
/** Default toast duration. */
export const TOAST_DURATION_MS = 3000;
/** SWR stale time (spec: query cache stale time 5 minutes). */
export const CACHE_STALE_MS = 5 * 60 * 1000;
/** Toast fade-out (spec: 500 ms). */
export const TOAST_FADE_MS = 500;
/** Spec: the feedback widget opens 5000 ms after a multi-import. */
export const FEEDBACK_DELAY_MS = 5000;
/** Offset of the plain toasts from the top: below the top bar, with a margin. */
export const TOAST_TOP_OFFSET = HEADER_HEIGHT + 12;
/** Lists that change behind the owner's back (orders, import list, product center, notifications) are read again this often while the page is visible. */
export const LIST_REFRESH_MS = 30_000;
