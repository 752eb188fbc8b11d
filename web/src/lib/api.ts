/**
 * HTTP client for the Dropline API (spec sections 7 and 8, docs/API.md).
 *
 * Every call resolves to the response envelope `{status, success, message, data, errors?}`;
 * nothing throws. Error handling (toasts, sign-out on UNAUTHORIZED, invalid shop id) happens here
 * once for every caller.
 */
import { INVALID_SHOP_REDIRECT_DELAY_MS, UNAUTHORIZED_SIGN_OUT_DELAY_MS, env } from './env';
import { currentLanguage, i18n } from './i18n';
import { installPath } from './embedded';
import { createInvalidShopHandler } from './invalid-shop';
import { clearShopId, getShopId, getToken, getWorkplaceId } from './storage';
import { ResponseStatus } from './response-status';
import { type SseEvent, takeEvents } from './sse';
import { notify as toast, type NoticeType } from './toaster';

export { ResponseStatus };

export interface Envelope<T = unknown> {
  status: number;
  success: boolean;
  message: string;
  data: T | null;
  errors?: Record<string, string[]>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** No toast for this call (the caller shows its own feedback). */
  silent?: boolean;
}

/** Statuses that never toast (spec section 8). */
const NO_TOAST_STATUSES: ReadonlySet<number> = new Set([
  ResponseStatus.STORE_INSTALL_FAILURE,
  ResponseStatus.STORE_INSTALL_WITHOUT_SIGNIN,
  ResponseStatus.STORE_INSTALL_WITH_SIGNIN,
  ResponseStatus.QUOTA_EXPIRED,
  ResponseStatus.RATE_LIMIT,
  ResponseStatus.CONNECT_ACCOUNT_WITH_DUE_PACKAGE,
  ResponseStatus.CONNECT_ACCOUNT_AH_WITH_DUE_PACKAGE,
]);

/** Calls that never toast (spec section 8): tracking import, account deletion, marketplace import. */
const NO_TOAST_PATHS: readonly RegExp[] = [
  /^auth\/account\/delete\/?$/,
  /^tracking-center\/import/,
  /^orders\/(v\d+\/)?trackings\/import\/?$/,
  /^center\/products\/import-all/,
];

const SERVER_ERROR_MESSAGE = 'Server error!';
const ACCOUNT_PATH = /^auth\/account\/?$/;
const HTTP_MESSAGES: Record<number, string> = { 404: 'errors.http404', 500: 'errors.http500', 504: 'errors.http504' };

export interface ApiDeps {
  fetch: typeof fetch;
  baseUrl: string;
  timeoutMs: number;
  appName: string;
  getToken: () => string | null;
  getWorkplaceId: () => string | null;
  getShopId: () => string | null;
  getLocale: () => string;
  getTimeZone: () => string;
  translate: (key: string) => string;
  notify: (type: NoticeType, message: string) => void;
  /** Runs after the sign-out delay when a signed-in call answers UNAUTHORIZED. */
  signOut: () => void;
  /** Runs when the API answers CURRENT_SHOP_ID_INVALID. */
  onInvalidShop: () => void;
  /** The shop of the Shopify admin the dashboard is embedded in, sent as `platform-domain-embedded`. */
  getEmbeddedShop?: () => string | null;
  /** Embedded, UNAUTHORIZED goes to the install route (with Shopify's parameters) instead of signing out. */
  onUnauthorizedEmbedded?: () => void;
  schedule: (fn: () => void, ms: number) => void;
}

export function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** First message of the first key of `errors`, else the message (spec section 8). */
export function messageOf(envelope: Pick<Envelope, 'message' | 'errors'>): string {
  const errors = envelope.errors;
  if (errors && typeof errors === 'object') {
    const firstKey = Object.keys(errors)[0];
    const first = firstKey !== undefined ? errors[firstKey] : undefined;
    const text = Array.isArray(first) ? first[0] : typeof first === 'string' ? first : undefined;
    if (text) return text;
  }
  return envelope.message ?? '';
}

/** `api-version` header: v2 for product-center paths, else v1. */
export function apiVersionFor(path: string): 'v1' | 'v2' {
  return path.includes('center/') ? 'v2' : 'v1';
}

function normalizePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/^api\//, '');
}

export function createApiClient(deps: ApiDeps) {
  let signOutScheduled = false;

  function buildHeaders(path: string, hasBody: boolean, extra?: Record<string, string>): Headers {
    const headers = new Headers({
      Accept: 'application/json',
      app: deps.appName,
      'time-zone': deps.getTimeZone(),
      locale: deps.getLocale(),
      'api-version': apiVersionFor(path),
    });
    if (hasBody) headers.set('Content-Type', 'application/json');
    const token = deps.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const workplaceId = deps.getWorkplaceId();
    if (workplaceId && !ACCOUNT_PATH.test(path)) headers.set('workplace-id', workplaceId);
    const shopId = deps.getShopId();
    if (shopId && !workplaceId) headers.set('store-id', shopId);
    const embeddedShop = deps.getEmbeddedShop?.();
    if (embeddedShop) headers.set('platform-domain-embedded', embeddedShop);
    for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
    return headers;
  }

  function buildUrl(path: string, query?: RequestOptions['query']): string {
    const base = deps.baseUrl.endsWith('/') ? deps.baseUrl : `${deps.baseUrl}/`;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) params.set(key, String(value));
    }
    const search = params.toString();
    return `${base}${path}${search ? (path.includes('?') ? '&' : '?') + search : ''}`;
  }

  interface Ctx {
    path: string;
    method: Method;
    silent: boolean;
    /** Token the request was sent with. */
    token: string | null;
    objectBody: boolean;
    httpStatus: number;
  }

  function handle(envelope: Envelope, ctx: Ctx) {
    if (!ctx.objectBody) {
      const key = HTTP_MESSAGES[ctx.httpStatus] ?? (ctx.httpStatus === 0 ? 'errors.network' : undefined);
      if (key && !ctx.silent) deps.notify('error', deps.translate(key));
      return;
    }
    const { status, message } = envelope;
    const embedded = Boolean(deps.getEmbeddedShop?.()) && deps.onUnauthorizedEmbedded !== undefined;
    if (status === ResponseStatus.UNAUTHORIZED && embedded && !signOutScheduled) {
      signOutScheduled = true;
      deps.onUnauthorizedEmbedded?.();
    }
    // UNAUTHORIZED on a signed-in call: sign out after 1 s, unless the session changed meanwhile.
    if (status === ResponseStatus.UNAUTHORIZED && ctx.token && !signOutScheduled) {
      signOutScheduled = true;
      const sentToken = ctx.token;
      deps.schedule(() => {
        signOutScheduled = false;
        if (deps.getToken() === sentToken) deps.signOut();
      }, UNAUTHORIZED_SIGN_OUT_DELAY_MS);
    }
    if (status === ResponseStatus.CURRENT_SHOP_ID_INVALID) deps.onInvalidShop();

    if (ctx.silent || typeof status !== 'number' || typeof message !== 'string') return;
    if (NO_TOAST_STATUSES.has(status) || message === SERVER_ERROR_MESSAGE) return;
    if (NO_TOAST_PATHS.some((re) => re.test(ctx.path))) return;
    if (status !== ResponseStatus.OK) {
      deps.notify('error', messageOf(envelope));
      return;
    }
    // Success toasts only for changes that carry a real message: a bare "OK" on every read would be noise.
    if (ctx.method !== 'GET' && message.trim() !== '' && message.trim().toUpperCase() !== 'OK') {
      deps.notify('success', message);
    }
  }

  async function request<T = unknown>(rawPath: string, options: RequestOptions = {}): Promise<Envelope<T>> {
    const path = normalizePath(rawPath);
    const method = options.method ?? 'GET';
    const hasBody = options.body !== undefined;
    // Form data (file uploads) goes as it is: the browser sets its multipart content type.
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    const token = deps.getToken();
    const headers = buildHeaders(path, hasBody && !isForm, options.headers);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, deps.timeoutMs);
    const onOuterAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onOuterAbort);
    const ctx: Ctx = { path, method, silent: Boolean(options.silent), token, objectBody: false, httpStatus: 0 };

    try {
      const response = await deps.fetch(buildUrl(path, options.query), {
        method,
        headers,
        body: isForm ? (options.body as FormData) : hasBody ? JSON.stringify(options.body) : undefined,
        signal: controller.signal,
      });
      ctx.httpStatus = response.status;
      let parsed: unknown = null;
      try {
        const text = await response.text();
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      if (isEnvelope(parsed)) {
        ctx.objectBody = true;
        const envelope = parsed as unknown as Envelope<T>;
        handle(envelope, ctx);
        return envelope;
      }
      const failure: Envelope<T> = { data: null, status: response.status, success: false, message: response.statusText };
      handle(failure, ctx);
      return failure;
    } catch {
      const aborted = controller.signal.aborted;
      ctx.httpStatus = timedOut ? 504 : 0;
      const failure: Envelope<T> = {
        data: null,
        status: ctx.httpStatus,
        success: false,
        message: timedOut ? 'Gateway Timeout' : aborted ? 'Aborted' : 'Network Error',
      };
      if (!aborted || timedOut) handle(failure, ctx);
      return failure;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  /**
   * A signed-in Server-Sent Events GET (EventSource cannot send the token): each event goes to
   * `onEvent` as it arrives. A refusal before the stream starts is answered, and shown, as its
   * envelope; a finished stream as OK.
   */
  async function stream(rawPath: string, query: RequestOptions['query'], onEvent: (e: SseEvent) => void): Promise<Envelope<null>> {
    const path = normalizePath(rawPath);
    const ctx: Ctx = { path, method: 'GET', silent: false, token: deps.getToken(), objectBody: false, httpStatus: 0 };
    let answer: Envelope<null> = { data: null, status: 0, success: false, message: 'Network Error' };
    try {
      const response = await deps.fetch(buildUrl(path, query), { headers: buildHeaders(path, false, { Accept: 'text/event-stream' }) });
      ctx.httpStatus = response.status;
      if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
        const text = await response.text().catch(() => '');
        const parsed: unknown = (() => {
          try {
            return text ? JSON.parse(text) : null;
          } catch {
            return null;
          }
        })();
        ctx.objectBody = isEnvelope(parsed);
        answer = ctx.objectBody
          ? (parsed as Envelope<null>)
          : { data: null, status: response.status, success: false, message: response.statusText };
      } else {
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let rest = '';
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          const taken = takeEvents(rest + decoder.decode(chunk.value, { stream: true }));
          rest = taken.rest;
          taken.events.forEach(onEvent);
        }
        return { data: null, status: ResponseStatus.OK, success: true, message: 'OK' };
      }
    } catch {
      // The network failed: `answer` says so.
    }
    handle(answer, ctx);
    return answer;
  }

  return {
    request,
    stream,
    get: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
    post: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
    put: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
    delete: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method'>) => request<T>(path, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Sends the browser to the sign-out route, which clears the session and opens /login. */
function goToSignOut() {
  if (window.location.pathname !== '/signout') window.location.assign('/signout');
}

const deps: ApiDeps = {
  fetch: (input, init) => fetch(input, init),
  baseUrl: env.apiBase,
  timeoutMs: env.apiTimeoutMs,
  appName: env.appName,
  getToken,
  getWorkplaceId,
  getShopId,
  getLocale: currentLanguage,
  getTimeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC',
  translate: (key) => i18n.t(key),
  notify: toast,
  signOut: goToSignOut,
  onInvalidShop: createInvalidShopHandler({
    clearShopId,
    schedule: (fn, ms) => void setTimeout(fn, ms),
    currentPath: () => window.location.pathname,
    go: (path) => window.location.assign(path),
    delayMs: INVALID_SHOP_REDIRECT_DELAY_MS,
    isEmbedded: env.isEmbedded,
  }),
  getEmbeddedShop: () => env.embedded?.shop ?? null,
  onUnauthorizedEmbedded: () => {
    // Already there, the install page's own refusals must not reload it in a loop.
    if (env.embedded && window.location.pathname !== '/install') window.location.assign(installPath(env.embedded));
  },
  schedule: (fn, ms) => void setTimeout(fn, ms),
};

export const api: ApiClient = createApiClient(deps);

/** The second client, for calls at the host root (spec section 7). */
export const rootApi: ApiClient = createApiClient({ ...deps, baseUrl: env.rootBase });

/** Error thrown by the SWR fetcher so that hooks get an `error` when `success` is false. */
export class ApiError extends Error {
  constructor(public readonly envelope: Envelope) {
    super(messageOf(envelope) || `API error ${envelope.status}`);
    this.name = 'ApiError';
  }
}

/** SWR fetcher: the key is the API path; resolves to `data`. */
export async function swrFetcher<T>(path: string): Promise<T> {
  const envelope = await api.get<T>(path);
  if (!envelope.success) throw new ApiError(envelope);
  return envelope.data as T;
}

/** SWR fetcher without the client's error toast: the screen shows its own message. */
export async function quietFetcher<T>(path: string): Promise<T> {
  const envelope = await api.get<T>(path, { silent: true });
  if (!envelope.success) throw new ApiError(envelope);
  return envelope.data as T;
}
