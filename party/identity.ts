/**
 * The Worker checks the session cookie before a WebSocket upgrade and tells the Durable Object who the
 * caller is in this header; it strips any copy the client sent, so the value can be trusted here.
 */
export const IDENTITY_HEADER = 'x-forma-user-id';

export function withIdentity(request: Request, userId: number) {
  const forwarded = new Request(request);
  forwarded.headers.set(IDENTITY_HEADER, String(userId));
  return forwarded;
}
