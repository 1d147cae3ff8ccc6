/** Join tokens live 10 minutes (the server's JOIN_TOKEN_TTL_SECONDS): one younger than 9 is used again. */
export const TICKET_REUSE_MS = 9 * 60_000;

/**
 * The ticket to show now: the one at hand while it is young enough, otherwise a new one from `renew`. The room's
 * socket asks on every (re)connection, the SFU on every new session.
 */
export function ticketSource<T extends { join_token: string }>(first: T, renew: () => Promise<T>) {
  let ticket = first;
  let issuedAt = Date.now();
  return async (): Promise<T> => {
    if (Date.now() - issuedAt > TICKET_REUSE_MS) {
      ticket = await renew();
      issuedAt = Date.now();
    }
    return ticket;
  };
}
