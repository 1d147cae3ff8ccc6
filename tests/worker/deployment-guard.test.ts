// Development settings never serve a public address (decision 013): ENVIRONMENT development/test, the local
// signing key of wrangler.toml, or a short key on a public host answer 503 in the envelope with a log line; local
// addresses (loopback, private networks, reserved test names) are served as before.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app.ts';
import { isLocalHost, LOCAL_JWT_SECRET, misconfiguration } from '../../worker/middleware/deployment-guard.ts';
import { bindings } from './helpers.ts';

const PRODUCTION_KEY = 'p'.repeat(48);
/** A GET through the app with these settings; the work it leaves for after the answer is awaited too. */
async function at(url: string, env: Partial<typeof bindings> = {}) {
  const later: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => void later.push(p), passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;
  const res = await createApp().request(url, {}, { ...bindings, ...env }, ctx);
  await Promise.all(later);
  return res;
}

afterEach(() => vi.restoreAllMocks());

describe('the deployment guard', () => {
  it('refuses a public host with the development environment, on the API, the sockets and the dev pages, and says why in the log', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const path of ['/api/health/', '/api/dev/mailbox/?email=a@b.ru', '/dev/mailbox', '/ws/notifications/', '/sandbox/checkout/1']) {
      const res = await at(`https://forma.ru${path}`, { ENVIRONMENT: 'development' });
      expect(res.status, path).toBe(503);
      expect(await res.json()).toEqual({ detail: 'Сервис временно недоступен', code: 'misconfigured' });
    }
    expect(JSON.parse(String(log.mock.calls[0]![0]))).toMatchObject({ level: 'error', host: 'forma.ru', problem: 'ENVIRONMENT is development' });
    expect((await at('https://forma.ru/api/health/', { ENVIRONMENT: 'test' })).status).toBe(503);
  });

  it('refuses production with the published local key or a short one, and serves it with a real key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await at('https://forma.ru/api/health/', { ENVIRONMENT: 'production', JWT_SECRET: LOCAL_JWT_SECRET })).status).toBe(503);
    expect((await at('https://forma.ru/api/health/', { ENVIRONMENT: 'production', JWT_SECRET: 'short-secret' })).status).toBe(503);
    expect((await at('https://forma.ru/api/health/', { ENVIRONMENT: 'production', JWT_SECRET: PRODUCTION_KEY })).status).toBe(200);
  });

  it('serves local addresses with development settings', async () => {
    for (const host of ['127.0.0.1:8787', 'localhost:8787', '[::1]:8787', '192.168.1.20:8787', '10.0.0.5', 'forma.test', 'app.localhost']) {
      expect((await at(`http://${host}/api/health/`, { ENVIRONMENT: 'development' })).status, host).toBe(200);
    }
  });

  it('tells local addresses from public ones', () => {
    expect(['127.0.0.1', '127.9.9.9', 'localhost', '::1', '[::1]', '172.16.0.1', '172.31.255.255', 'x.example', 'LOCALHOST.']).toSatisfy((hosts: string[]) =>
      hosts.every(isLocalHost),
    );
    expect(['forma.ru', '8.8.8.8', '172.32.0.1', '11.0.0.1', 'localhost.evil.com', 'test.com', '192.169.0.1', 'example.com']).toSatisfy((hosts: string[]) =>
      hosts.every((h) => !isLocalHost(h)),
    );
    expect(misconfiguration({ ENVIRONMENT: 'production', JWT_SECRET: PRODUCTION_KEY }, 'forma.ru')).toBeNull();
  });
});
