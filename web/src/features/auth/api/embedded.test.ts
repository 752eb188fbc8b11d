import { describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '@/types/api';
import { type EmbeddedSignInDeps, signInEmbedded } from './embedded';

const session = { token: 'dl-token', expires_at: '2027-01-01T00:00:00Z', user: {} } as unknown as AuthSession;

function deps(overrides: Partial<EmbeddedSignInDeps> = {}) {
  const d = {
    fetchConfig: vi.fn(async () => ({ api_key: 'app-id', app_bridge_url: 'https://cdn.example/app-bridge.js' })),
    loadAppBridge: vi.fn(async () => ({ idToken: async () => 'session-token' })),
    autoLogin: vi.fn(async () => session),
    startSession: vi.fn(async () => {}),
    goInstall: vi.fn(),
    ...overrides,
  };
  return d;
}

describe('signInEmbedded', () => {
  it("signs in with App Bridge's session token", async () => {
    const d = deps();
    expect(await signInEmbedded(d)).toBe(true);
    expect(d.loadAppBridge).toHaveBeenCalledWith({ api_key: 'app-id', app_bridge_url: 'https://cdn.example/app-bridge.js' });
    expect(d.autoLogin).toHaveBeenCalledWith('session-token');
    expect(d.startSession).toHaveBeenCalledWith(session);
    expect(d.goInstall).not.toHaveBeenCalled();
  });

  it('goes to the install route when the token is refused or App Bridge fails', async () => {
    for (const overrides of [
      { autoLogin: vi.fn(async () => null) },
      { loadAppBridge: vi.fn(async () => Promise.reject(new Error('no bridge'))) },
      { fetchConfig: vi.fn(async () => null) },
    ]) {
      const d = deps(overrides);
      expect(await signInEmbedded(d)).toBe(false);
      expect(d.goInstall).toHaveBeenCalledTimes(1);
      expect(d.startSession).not.toHaveBeenCalled();
    }
  });
});
