// What every response of the Worker carries unless it set its own (decision 013, «Security headers»): no MIME
// sniffing, no framing, no full referrer to other sites, and a policy under which nothing the Worker serves without
// a policy of its own (JSON, files, error pages) can run a script. Pages with their own policy (the sandbox's, the
// dev mailbox's, the receipt) keep theirs. The SPA's HTML and assets get theirs from public/_headers.
import type { MiddlewareHandler } from 'hono';

export const WORKER_DEFAULT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const defaults: Record<string, string> = {
  'content-security-policy': WORKER_DEFAULT_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  // a WebSocket's 101 has nothing to protect, and its headers cannot change
  if (c.res.status === 101) return;
  const missing = Object.entries(defaults).filter(([name]) => !c.res.headers.has(name));
  if (!missing.length) return;
  try {
    for (const [name, value] of missing) c.res.headers.set(name, value);
  } catch {
    // a response passed through from elsewhere (a binding's fetch) has immutable headers: copy it first
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of missing) c.res.headers.set(name, value);
  }
};
