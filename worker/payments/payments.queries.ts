import { desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
import { payoutCardTokens } from '../../drizzle/schema/payments.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { deleteOwned } from '../lib/owned-rows.queries.ts';

/** Newest first: the first card is the current one (spec 001 section 2). */
export function listPayoutCards(db: Executor, userId: number) {
  return db
    .select()
    .from(payoutCardTokens)
    .where(eq(payoutCardTokens.userId, userId))
    .orderBy(desc(payoutCardTokens.createdAt), desc(payoutCardTokens.id));
}

/** The user's current payout card (the newest one saved), or null: where their payouts go. */
export async function currentPayoutCard(db: Executor, userId: number) {
  const [card] = await listPayoutCards(db, userId).limit(1);
  return card ?? null;
}

/** null when this user already saved this very token (the unique index decides, not a prior read) */
export async function insertPayoutCard(db: Db, values: Omit<typeof payoutCardTokens.$inferInsert, 'id' | 'createdAt'>) {
  try {
    const [row] = await db.insert(payoutCardTokens).values(values).returning();
    return row;
  } catch (e) {
    if (isUniqueViolation(e, 'payout_card_tokens_token_uq')) return null;
    throw e;
  }
}

export const deletePayoutCard = (db: Db, userId: number, id: number) => deleteOwned(db, payoutCardTokens, userId, id);
