// The deployment guard (worker/middleware/deployment-guard.ts) knows the local signing key of wrangler.toml by
// value, to refuse it on a public host: the two must stay the same key.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCAL_JWT_SECRET } from '../../worker/middleware/deployment-guard.ts';

describe('the local signing key', () => {
  it('is the one in wrangler.toml [vars], and production sets its own', () => {
    const toml = readFileSync(new URL('../../wrangler.toml', import.meta.url), 'utf8');
    const local = toml.slice(toml.indexOf('[vars]'), toml.indexOf('[', toml.indexOf('[vars]') + 1));
    expect(/JWT_SECRET\s*=\s*"([^"]+)"/.exec(local)?.[1]).toBe(LOCAL_JWT_SECRET);
    const production = toml.slice(toml.indexOf('[env.production.vars]'));
    expect(production).not.toMatch(/^\s*JWT_SECRET\s*=/m);
  });
});
