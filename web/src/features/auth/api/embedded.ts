/**
 * Signing in inside the Shopify admin: App Bridge gives a session token, the API's auto-login
 * answers a Dropline session for the shop's owner (installing the store the first time). Any
 * failure sends the merchant to the install route with Shopify's parameters (spec section 8).
 */
import { api } from '@/lib/api';
import { installPath, type EmbeddedContext } from '@/lib/embedded';
import type { AuthSession } from '@/types/api';
import { startSession } from './auth';

export interface EmbeddedConfig {
  api_key: string;
  app_bridge_url: string;
}

/** The part of App Bridge's global `shopify` the dashboard uses. */
export interface AppBridge {
  idToken: () => Promise<string>;
}

export interface EmbeddedSignInDeps {
  fetchConfig: () => Promise<EmbeddedConfig | null>;
  loadAppBridge: (config: EmbeddedConfig) => Promise<AppBridge>;
  autoLogin: (sessionToken: string) => Promise<AuthSession | null>;
  startSession: (session: AuthSession) => Promise<void>;
  goInstall: () => void;
}

/** Resolves true once signed in; otherwise has sent the browser to the install route. */
export async function signInEmbedded(deps: EmbeddedSignInDeps): Promise<boolean> {
  try {
    const config = await deps.fetchConfig();
    if (config) {
      const bridge = await deps.loadAppBridge(config);
      const session = await deps.autoLogin(await bridge.idToken());
      if (session) {
        await deps.startSession(session);
        return true;
      }
    }
  } catch {
    // App Bridge missing or refusing: the install route is the way in.
  }
  deps.goInstall();
  return false;
}

const APP_BRIDGE_TIMEOUT_MS = 10_000;

/** App Bridge reads the app's client id from this meta tag, then defines `window.shopify`. */
function loadAppBridge(config: EmbeddedConfig): Promise<AppBridge> {
  return new Promise((resolve, reject) => {
    const meta = document.createElement('meta');
    meta.name = 'shopify-api-key';
    meta.content = config.api_key;
    document.head.appendChild(meta);
    const script = document.createElement('script');
    script.src = config.app_bridge_url;
    const timer = setTimeout(() => reject(new Error('App Bridge did not load')), APP_BRIDGE_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      const bridge = (window as unknown as { shopify?: AppBridge }).shopify;
      if (bridge && typeof bridge.idToken === 'function') resolve(bridge);
      else reject(new Error('App Bridge has no idToken'));
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('App Bridge did not load'));
    };
    document.head.appendChild(script);
  });
}

/** The browser's dependencies of `signInEmbedded`. */
export function browserEmbeddedSignIn(context: EmbeddedContext): EmbeddedSignInDeps {
  return {
    fetchConfig: async () => {
      const envelope = await api.get<EmbeddedConfig>('auth/platform/shopify/embedded-config', { silent: true });
      return envelope.success ? envelope.data : null;
    },
    loadAppBridge,
    autoLogin: async (sessionToken) => {
      const envelope = await api.post<AuthSession>('auth/platform/shopify/auto-login', { session_token: sessionToken }, { silent: true });
      return envelope.success ? envelope.data : null;
    },
    startSession,
    goInstall: () => window.location.assign(installPath(context)),
  };
}
