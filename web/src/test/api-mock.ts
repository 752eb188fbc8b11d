import { vi } from 'vitest';

export interface MockCall {
  /** Path without the origin and the `/api/` prefix (root calls keep their path). */
  path: string;
  query: URLSearchParams;
  method: string;
  headers: Headers;
  body: unknown;
}

export interface MockReply {
  status?: number;
  success?: boolean;
  message?: string;
  data?: unknown;
  errors?: Record<string, string[]>;
}

/**
 * Stubs `fetch` with an envelope answer per call: `handler` returns the reply (OK with `data`
 * by default), or undefined for 202 NOT_FOUND. Returns the list of calls made.
 */
export function mockApi(handler: (call: MockCall) => MockReply | undefined) {
  const calls: MockCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: MockCall = {
        path: url.pathname.replace(/^\/(api\/)?/, ''),
        query: url.searchParams,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const reply = handler(call);
      const body = reply
        ? {
            status: reply.status ?? 200,
            success: reply.success ?? (reply.status ?? 200) === 200,
            message: reply.message ?? 'OK',
            data: reply.data ?? null,
            ...(reply.errors ? { errors: reply.errors } : {}),
          }
        : { status: 202, success: false, message: 'Not found', data: null };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return calls;
}
