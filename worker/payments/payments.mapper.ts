import type { payoutCardTokens } from '../../drizzle/schema/payments.ts';

/** A saved payout card as the settings page lists it; the token itself never goes back to the client. */
export function toPayoutCard(row: typeof payoutCardTokens.$inferSelect) {
  return { id: row.id, card_type: row.cardType, card_last4: row.cardLast4, created_at: row.createdAt.toISOString() };
}
export type PayoutCard = ReturnType<typeof toPayoutCard>;
