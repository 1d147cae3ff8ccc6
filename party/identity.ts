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

/** Set by the Worker on a chat socket of the person whose support room it is (they see the team, not the admins). */
export const SUPPORT_PERSON_HEADER = 'x-forma-support-person';

/** withIdentity for a chat room: also says whether the caller is the room's support person (never the client's copy). */
export function withChatIdentity(request: Request, userId: number, supportPerson: boolean) {
  const forwarded = withIdentity(request, userId);
  forwarded.headers.delete(SUPPORT_PERSON_HEADER);
  if (supportPerson) forwarded.headers.set(SUPPORT_PERSON_HEADER, '1');
  return forwarded;
}
