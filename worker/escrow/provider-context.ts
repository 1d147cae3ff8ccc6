import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import type { ProviderContext } from '../payments/provider.ts';

/** The payment provider's context for a request: its env, its database handle and our public origin. */
export const providerContext = (c: Context<AppEnv>): ProviderContext => ({ env: c.env, db: c.var.db, origin: new URL(c.req.url).origin });
