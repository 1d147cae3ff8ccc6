// The app in production with YooKassa configured, for the tests that run the real adapter against the fake of
// YooKassa's API (tests/fakes/yookassa.ts): the bindings, the execution context, and fetch sent to the fake.
import { vi } from 'vitest';
import { FAKE_YOOKASSA_URL, fakeYookassa } from '../fakes/yookassa.ts';
import { bindings } from './helpers.ts';

export type Gateway = { agentId: string; secretKey: string };

/** The Worker's bindings in production with this shop and payouts gateway, YooKassa's API at the fake's address. */
export function productionEnv(shop: string, key: string, gateway: Gateway) {
  return {
    ...bindings,
    ENVIRONMENT: 'production' as const,
    YOOKASSA_SHOP_ID: shop,
    YOOKASSA_SECRET_KEY: key,
    YOOKASSA_API_URL: FAKE_YOOKASSA_URL,
    YOOKASSA_PAYOUT_AGENT_ID: gateway.agentId,
    YOOKASSA_PAYOUT_SECRET_KEY: gateway.secretKey,
  };
}

export const EXECUTION_CTX = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

/** A fake YooKassa that our requests to its address reach (anything else goes out as before); vi.restoreAllMocks() undoes it. */
export function fakeYookassaOnFetch(shop: string, key: string, gateway: Gateway) {
  const fake = fakeYookassa(shop, key, gateway);
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return url.startsWith(FAKE_YOOKASSA_URL) ? fake.fetch(input, init) : realFetch(input, init);
  });
  return fake;
}
