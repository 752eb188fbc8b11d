import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiDeps, ResponseStatus, apiVersionFor, createApiClient, messageOf } from './api';

interface Call {
  url: string;
  init: RequestInit;
}

function jsonResponse(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, statusText });
}

function setup(
  overrides: Partial<ApiDeps> = {},
  respond: (call: Call) => Response | Promise<Response> = () =>
    jsonResponse({ status: 200, success: true, message: 'OK', data: { ok: 1 } }),
) {
  const calls: Call[] = [];
  const notify = vi.fn();
  const signOut = vi.fn();
  const onInvalidShop = vi.fn();
  let token: string | null = 'tok-1';
  const deps: ApiDeps = {
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { url: String(input), init: init ?? {} };
      calls.push(call);
      return respond(call);
    }) as unknown as typeof fetch,
    baseUrl: '/api/',
    timeoutMs: 60_000,
    appName: 'dropline',
    getToken: () => token,
    getWorkplaceId: () => 'wp-1',
    getShopId: () => null,
    getLocale: () => 'de',
    getTimeZone: () => 'Europe/Berlin',
    translate: (key) => `t:${key}`,
    notify,
    signOut,
    onInvalidShop,
    schedule: (fn, ms) => void setTimeout(fn, ms),
    ...overrides,
  };
  const client = createApiClient(deps);
  return { client, calls, notify, signOut, onInvalidShop, setToken: (v: string | null) => (token = v) };
}

const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);

describe('api client: envelope', () => {
  it('returns the envelope of an object body as is', async () => {
    const { client } = setup();
    await expect(client.get('core/list-notification')).resolves.toEqual({ status: 200, success: true, message: 'OK', data: { ok: 1 } });
  });

  it('turns a non-object body into a failure envelope with the status text', async () => {
    const { client } = setup({}, () => jsonResponse('<html>bad gateway</html>', 502, 'Bad Gateway'));
    await expect(client.get('auth/account')).resolves.toEqual({ data: null, status: 502, success: false, message: 'Bad Gateway' });
  });

  it('treats a JSON array or an empty body as a non-object body', async () => {
    const arr = setup({}, () => jsonResponse([1, 2], 200, 'OK'));
    await expect(arr.client.get('x')).resolves.toMatchObject({ data: null, status: 200, success: false, message: 'OK' });
    const empty = setup({}, () => new Response(null, { status: 204, statusText: 'No Content' }));
    await expect(empty.client.get('x')).resolves.toMatchObject({ data: null, status: 204, success: false });
  });

  it('sends JSON bodies to /api/<path>', async () => {
    const { client, calls } = setup();
    await client.post('/auth/login', { email: 'a@b.co', password: 'x' });
    expect(calls[0].url).toBe('/api/auth/login');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'x' }));
    expect(header(calls[0], 'content-type')).toBe('application/json');
  });

  it('appends query parameters', async () => {
    const { client, calls } = setup();
    await client.get('progress', { query: { kind: 'welcome', skip: undefined } });
    expect(calls[0].url).toBe('/api/progress?kind=welcome');
  });
});

describe('api client: headers', () => {
  it('sends app, time-zone, locale, api-version v1, bearer token and workplace-id', async () => {
    const { client, calls } = setup();
    await client.get('core/list-notification');
    const call = calls[0];
    expect(header(call, 'app')).toBe('dropline');
    expect(header(call, 'time-zone')).toBe('Europe/Berlin');
    expect(header(call, 'locale')).toBe('de');
    expect(header(call, 'api-version')).toBe('v1');
    expect(header(call, 'authorization')).toBe('Bearer tok-1');
    expect(header(call, 'workplace-id')).toBe('wp-1');
    expect(header(call, 'store-id')).toBeNull();
  });

  it('uses api-version v2 when the path contains center/', async () => {
    const { client, calls } = setup();
    await client.get('center/products/import/listing');
    expect(header(calls[0], 'api-version')).toBe('v2');
    expect(apiVersionFor('core/settings')).toBe('v1');
  });

  it('omits workplace-id for the account call only', async () => {
    const { client, calls } = setup();
    await client.get('auth/account');
    await client.get('auth/account/statistic');
    expect(header(calls[0], 'workplace-id')).toBeNull();
    expect(header(calls[1], 'workplace-id')).toBe('wp-1');
  });

  it('omits Authorization without a token and sends store-id when a shop but no workspace is stored', async () => {
    const { client, calls, setToken } = setup({ getWorkplaceId: () => null, getShopId: () => 'shop-9' });
    setToken(null);
    await client.get('stores/list-store');
    expect(header(calls[0], 'authorization')).toBeNull();
    expect(header(calls[0], 'store-id')).toBe('shop-9');
  });
});

describe('api client: error handling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows an error toast with the message for a non-OK status', async () => {
    const { client, notify } = setup({}, () => jsonResponse({ status: 202, success: false, message: 'Not found', data: null }, 404));
    await client.get('core/x');
    expect(notify).toHaveBeenCalledWith('error', 'Not found');
  });

  it('shows the first message of the first errors key', async () => {
    const body = {
      status: 204,
      success: false,
      message: 'Unprocessable',
      data: null,
      errors: { email: ['Email taken', 'other'], password: ['short'] },
    };
    const { client, notify } = setup({}, () => jsonResponse(body, 422));
    await client.post('auth/register', {});
    expect(notify).toHaveBeenCalledWith('error', 'Email taken');
    expect(messageOf(body)).toBe('Email taken');
  });

  it('does not toast a plain OK read, but toasts a success message of a change', async () => {
    const ok = setup();
    await ok.client.get('auth/account');
    await ok.client.post('core/workplaces', { name: 'x' });
    expect(ok.notify).not.toHaveBeenCalled();
    const saved = setup({}, () => jsonResponse({ status: 200, success: true, message: 'Saved successfully', data: null }));
    await saved.client.put('auth/account/set-language', { language: 'ar' });
    expect(saved.notify).toHaveBeenCalledWith('success', 'Saved successfully');
  });

  it.each([
    ResponseStatus.RATE_LIMIT,
    ResponseStatus.QUOTA_EXPIRED,
    ResponseStatus.STORE_INSTALL_WITH_SIGNIN,
    ResponseStatus.CONNECT_ACCOUNT_WITH_DUE_PACKAGE,
  ])('never toasts status %i', async (status) => {
    const { client, notify } = setup({}, () => jsonResponse({ status, success: false, message: 'nope', data: null }, 400));
    await client.post('auth/login', {});
    expect(notify).not.toHaveBeenCalled();
  });

  it('never toasts "Server error!", account deletion, or silent calls', async () => {
    const serverError = setup({}, () => jsonResponse({ status: 500, success: false, message: 'Server error!', data: null }, 500));
    await serverError.client.get('x');
    expect(serverError.notify).not.toHaveBeenCalled();
    const del = setup({}, () => jsonResponse({ status: 201, success: false, message: 'bad', data: null }, 400));
    await del.client.delete('auth/account/delete');
    await del.client.post('auth/logout', {}, { silent: true });
    expect(del.notify).not.toHaveBeenCalled();
  });

  it('shows the translated HTTP message for 404/500/504 without an envelope', async () => {
    const { client, notify } = setup({}, () => jsonResponse('oops', 500, 'Internal Server Error'));
    await client.get('x');
    expect(notify).toHaveBeenCalledWith('error', 't:errors.http500');
  });

  it('signs out 1 s after UNAUTHORIZED on a signed-in call, once', async () => {
    const { client, signOut } = setup({}, () => jsonResponse({ status: 101, success: false, message: 'Unauthorized', data: null }, 401));
    await client.get('auth/account');
    await client.get('core/list-notification');
    expect(signOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(999);
    expect(signOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('does not sign out when the call had no token or the session changed meanwhile', async () => {
    const anonymous = setup({}, () => jsonResponse({ status: 101, success: false, message: 'Bad credentials', data: null }, 401));
    anonymous.setToken(null);
    await anonymous.client.post('auth/login', {});
    vi.advanceTimersByTime(2000);
    expect(anonymous.signOut).not.toHaveBeenCalled();

    const changed = setup({}, () => jsonResponse({ status: 101, success: false, message: 'Unauthorized', data: null }, 401));
    await changed.client.get('auth/account');
    changed.setToken('tok-2');
    vi.advanceTimersByTime(1000);
    expect(changed.signOut).not.toHaveBeenCalled();
  });

  it('embedded, names the shop on every call and goes to the install route on UNAUTHORIZED instead of signing out', async () => {
    const onUnauthorizedEmbedded = vi.fn();
    const { client, calls, signOut } = setup({ getEmbeddedShop: () => 'acme.myshopify.com', onUnauthorizedEmbedded }, () =>
      jsonResponse({ status: 101, success: false, message: 'Unauthorized', data: null }, 401),
    );
    await client.get('auth/account');
    await client.get('core/list-notification');
    expect(new Headers(calls[0]!.init.headers).get('platform-domain-embedded')).toBe('acme.myshopify.com');
    expect(onUnauthorizedEmbedded).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('reports an invalid current shop id', async () => {
    const { client, onInvalidShop } = setup({}, () =>
      jsonResponse({ status: 801, success: false, message: 'Invalid shop', data: null }, 400),
    );
    await client.get('stores/list-store');
    expect(onInvalidShop).toHaveBeenCalledTimes(1);
  });

  it('gives up after the timeout with a 504 failure envelope', async () => {
    const { client, notify } = setup(
      { timeoutMs: 60_000 },
      (call) =>
        new Promise<Response>((_, reject) => {
          call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = client.get('slow');
    vi.advanceTimersByTime(60_000);
    await expect(pending).resolves.toMatchObject({ data: null, status: 504, success: false });
    expect(notify).toHaveBeenCalledWith('error', 't:errors.http504');
  });
});
