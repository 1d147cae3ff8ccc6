import type { ProviderContext } from '../payments/payment-provider.ts';
import { pushNotifications, type StoredNotification } from '../notifications/notify.ts';
import { sendPayout, sendRefund } from './transfers.ts';

/**
 * What a money transition leaves to do once its transaction has committed: payouts and refunds to send to
 * the provider (rows already stored `pending`), notifications to push to open tabs.
 */
export type Effects = { payoutIds: string[]; refundIds: string[]; notifications: StoredNotification[] };

export const noEffects = (): Effects => ({ payoutIds: [], refundIds: [], notifications: [] });

/** Runs after the commit; provider failures stay on the rows (last_error) for the scheduler to retry. */
export async function applyEffects(ctx: ProviderContext, effects: Effects) {
  for (const id of effects.refundIds) await sendRefund(ctx, id);
  for (const id of effects.payoutIds) await sendPayout(ctx, id);
  await pushNotifications(ctx.env, effects.notifications);
}
