// What the Worker's own responses carry (decision 013, «Security headers»): no sniffing, no framing, a referrer
// policy, and a CSP under which nothing it serves runs a script unless the page brings its own policy.
import { describe, expect, it } from 'vitest';
import { WORKER_DEFAULT_CSP } from '../../worker/middleware/security-headers.ts';
import { call } from './helpers.ts';

const headersOf = (res: Response) => ({
  csp: res.headers.get('content-security-policy'),
  nosniff: res.headers.get('x-content-type-options'),
  frame: res.headers.get('x-frame-options'),
  referrer: res.headers.get('referrer-policy'),
});

describe('security headers of the Worker', () => {
  it('come with JSON answers, errors and unknown paths', async () => {
    const expected = { csp: WORKER_DEFAULT_CSP, nosniff: 'nosniff', frame: 'DENY', referrer: 'strict-origin-when-cross-origin' };
    for (const path of ['/api/health/', '/api/users/me/', '/api/no-such-route/', '/media/no-such-file']) {
      const res = await call(path);
      expect(headersOf(res), path).toEqual(expected);
    }
    expect(WORKER_DEFAULT_CSP).toContain("default-src 'none'");
    expect(WORKER_DEFAULT_CSP).toContain("frame-ancestors 'none'");
  });

  it('leave a page its own policy: the sandbox card widget may be framed by the app, and only by it', async () => {
    const res = await call('/sandbox/payout-card-widget');
    expect(res.status).toBe(200);
    const headers = headersOf(res);
    expect(headers.csp).toMatch(/frame-ancestors 'self'/);
    expect(headers.csp).toMatch(/script-src 'nonce-/);
    expect(headers.frame).toBe('SAMEORIGIN');
  });
});
