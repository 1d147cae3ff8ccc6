// The Worker refuses to serve a public address with development settings (decision 013, «Development settings
// never serve the public»): ENVIRONMENT development or test opens the dev mailbox (anyone reads anyone's codes) and
// the sandbox payments, and the signing key published in wrangler.toml lets anyone forge an admin's token. Such a
// deployment answers every request 503 in the envelope and logs why, instead of serving.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Bindings } from '../env.ts';
import { ApiError } from '../lib/errors.ts';

/** The local signing key of wrangler.toml's [vars] (tests/node check they agree): never valid on a public host. */
export const LOCAL_JWT_SECRET = 'local-development-only-secret-change-me-in-production';
/** A production signing key shorter than this is guessable, or a placeholder. */
export const MIN_JWT_SECRET_LENGTH = 32;

/**
 * Addresses nobody outside can reach: loopback, private networks (a phone on the developer's Wi-Fi), and the
 * reserved names of RFC 2606/6761 (`localhost`, `.test`, `.example`, `.invalid`, `.localhost`).
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host === '::1' || host === '0.0.0.0') return true;
  if (/\.(localhost|test|example|invalid)$/.test(host) || host === 'example') return true;
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!ipv4) return false;
  const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** Why these settings may not serve this host, or null when they may. */
export function misconfiguration(env: Pick<Bindings, 'ENVIRONMENT' | 'JWT_SECRET'>, hostname: string): string | null {
  if (isLocalHost(hostname)) return null;
  if (env.ENVIRONMENT !== 'production') return `ENVIRONMENT is ${env.ENVIRONMENT || 'unset'}`;
  if (!env.JWT_SECRET || env.JWT_SECRET === LOCAL_JWT_SECRET) return 'JWT_SECRET is the local development key';
  if (env.JWT_SECRET.length < MIN_JWT_SECRET_LENGTH) return `JWT_SECRET is shorter than ${MIN_JWT_SECRET_LENGTH} characters`;
  return null;
}

export const deploymentGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const host = new URL(c.req.url).hostname;
  const problem = misconfiguration(c.env, host);
  if (problem) {
    console.error(JSON.stringify({ level: 'error', msg: 'refusing to serve a public host with development settings', host, problem }));
    throw new ApiError(503, 'misconfigured', 'Сервис временно недоступен');
  }
  await next();
};
