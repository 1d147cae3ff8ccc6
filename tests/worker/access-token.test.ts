// The access token's signature: one key per secret is imported once per isolate (worker/lib/hmac-key.ts), so a token
// must still be refused under any other secret, whichever of them was imported first.
import { describe, expect, it } from 'vitest';
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
});
