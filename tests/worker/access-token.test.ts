// The access token's signature: one key per secret is imported once per isolate (worker/lib/hmac-key.ts), so a token
// must still be refused under any other secret, whichever of them was imported first.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../worker/auth/access-token.ts';
import { tamperSignature } from './helpers.ts';

describe('access token', () => {
  it('verifies under its own secret only, however many secrets the isolate has seen', async () => {
    const user = { id: 42, role: 'mentor' as const };
    const first = await signAccessToken(user, 'first-secret-of-at-least-32-characters');
    const second = await signAccessToken(user, 'second-secret-of-at-least-32-characters');
    for (let i = 0; i < 2; i += 1) {
      expect(await verifyAccessToken(first, 'first-secret-of-at-least-32-characters')).toEqual(user);
      expect(await verifyAccessToken(second, 'second-secret-of-at-least-32-characters')).toEqual(user);
      expect(await verifyAccessToken(first, 'second-secret-of-at-least-32-characters')).toBeNull();
      expect(await verifyAccessToken(second, 'first-secret-of-at-least-32-characters')).toBeNull();
    }
    expect(await verifyAccessToken(tamperSignature(first), 'first-secret-of-at-least-32-characters')).toBeNull();
    expect(await verifyAccessToken(await signAccessToken(user, 'first-secret-of-at-least-32-characters', -10), 'first-secret-of-at-least-32-characters')).toBeNull();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('checks a token\'s signature once per isolate, and refuses it from its expiry on', async () => {
    const secret = 'third-secret-of-at-least-32-characters';
    const user = { id: 7, role: 'mentee' as const };
    const token = await signAccessToken(user, secret, 60);
    const signatures = vi.spyOn(crypto.subtle, 'verify');
    for (let i = 0; i < 3; i += 1) expect(await verifyAccessToken(token, secret)).toEqual(user);
    expect(signatures).toHaveBeenCalledTimes(1);
    // a forged token is checked each time it comes, and never remembered
    for (let i = 0; i < 2; i += 1) expect(await verifyAccessToken(tamperSignature(token), secret)).toBeNull();
    expect(signatures).toHaveBeenCalledTimes(3);
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    expect(await verifyAccessToken(token, secret)).toBeNull();
    expect(await verifyAccessToken(token, secret)).toBeNull();
  });
});
