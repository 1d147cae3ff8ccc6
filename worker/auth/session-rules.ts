// What a 401 tells the client about the session behind it (shared with web/lib/api-client.ts).

/**
 * Set on a 401 when the request carried no refresh cookie: there is no session to renew, so the client does not ask
 * for one (every visitor's first page would otherwise pay a refresh request, refused, before the app starts).
 */
export const NO_SESSION_HEADER = 'X-No-Session';
