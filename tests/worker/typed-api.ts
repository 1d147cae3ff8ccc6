// The API through hono's typed client, as the SPA calls it (web/lib/api-client.ts), so that a test reading an
// answer reads the route's own inferred type: a field the Worker renames or drops fails typecheck instead of
// reading `undefined` from an `any`. Requests go through the Worker entry like call() (helpers.ts).
import { expect } from 'vitest';
import { hc, type ClientResponse } from 'hono/client';
import type { ResponseFormat } from 'hono/types';
import type { ClientErrorStatusCode, ServerErrorStatusCode, SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../../worker/app.ts';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import type { ErrorEnvelope } from '../../worker/lib/errors.ts';
import { withTrailingSlash } from '../../web/lib/trailing-slash.ts';
import { call } from './helpers.ts';

type ApiOptions = {
  /** Writes the path with the spec's trailing slash (`/api/events/GetEvent/?id=7`); hc writes it as the Worker declares it. */
  trailingSlash?: boolean;
};

/** The typed client for /api, signed in as `user` (a users row will do; a visitor without one). */
export function apiAs(user?: SessionUser, { trailingSlash = false }: ApiOptions = {}) {
  const session = user && { id: user.id, role: user.role };
  return hc<AppType>('/api', {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      // hc hands over the path it built (base '/api' + route + query) as a string
      if (typeof input !== 'string') throw new Error('the typed client passes its URL as a string');
      return call(trailingSlash ? withTrailingSlash(input) : input, { ...init, user: session });
    },
  });
}

/** The typed client for a visitor. */
export const api = apiAs();

/**
 * The typed client over another app than the Worker entry (e.g. `createApp().request(path, init, productionBindings, ctx)`):
 * `request` gets the path hc built (base '/api' + route + query) and hc's init, to add a cookie to as it needs.
 */
export function apiOver(request: (path: string, init?: RequestInit) => Response | Promise<Response>, { trailingSlash = false }: ApiOptions = {}) {
  return hc<AppType>('/api', {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      if (typeof input !== 'string') throw new Error('the typed client passes its URL as a string');
      return request(trailingSlash ? withTrailingSlash(input) : input, init);
    },
  });
}

type AnyClientResponse = ClientResponse<unknown, number, ResponseFormat>;

/** The JSON body a route declares for this status. */
type BodyFor<R, S extends number> = R extends ClientResponse<infer Body, infer Status, ResponseFormat> ? (S extends Status ? Body : never) : never;

/** An empty body (204) reads as null, as hono types `c.body(null, 204)`. */
async function expectStatus(res: Promise<AnyClientResponse>, status: number) {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

/** Asserts a success status (the body text is the message) and returns the body as the route types it for that status. */
export async function expectOk<R extends AnyClientResponse, S extends R['status'] & SuccessStatusCode>(res: Promise<R>, status: S): Promise<BodyFor<R, S>> {
  return expectStatus(res, status);
}

/** Asserts an error status and returns the error envelope every API failure is answered with (worker/lib/errors.ts). */
export async function expectError(res: Promise<AnyClientResponse>, status: ClientErrorStatusCode | ServerErrorStatusCode): Promise<ErrorEnvelope> {
  return expectStatus(res, status);
}

/** Part of T's shape, as toMatchObject reads it: any field may be left out, in nested objects and array items too. */
export type PartOf<T> = T extends readonly (infer U)[] ? PartOf<U>[] : T extends object ? { [K in keyof T]?: PartOf<T[K]> } : T;

/**
 * toMatchObject typed by the answer: the expected fields are checked against `actual`'s type, so a field the Worker
 * renames or drops fails typecheck (an object literal in a plain toMatchObject or toEqual is not typechecked).
 */
export function expectMatch<T>(actual: T, expected: NoInfer<PartOf<T>>) {
  expect(actual).toMatchObject(expected as object);
}
