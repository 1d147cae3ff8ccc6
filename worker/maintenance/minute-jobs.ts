// Everything the minute Cron Trigger does (worker/index.ts scheduled; decision 006, Scheduler). Each job
// is bounded and idempotent, and one failing job doesn't keep the others from running.
import type { ProviderContext } from '../payments/payment-provider.ts';
import { expireBookingHolds, expireRegistrationHolds } from '../escrow/holds.ts';
import { retryPendingTransfers } from '../escrow/transfers.ts';
import { transact } from '../lib/transact.ts';
import { cleanupExpired } from './cleanup.ts';
import { closeStaleStays } from '../conferences/attendance.queries.ts';
import { cancelMentorNoShows } from './no-show.ts';
import { judgeMissedInterviewsNow } from './missed-interviews.ts';
import { releaseDueEventPayments, settleDueBookings } from './settle-due.ts';
import { expireDuePackages } from '../packages/package-refund.ts';
import { sendDueReminders } from '../reminders/reminders.ts';
import { deleteExpiredRecordings, finishStaleRecordings } from '../recordings/recording-sweeps.ts';

/** The hourly housekeeping runs in the minute the old hourly trigger had (xx:17). */
export const CLEANUP_MINUTE = 17;

async function job<T>(name: string, run: () => Promise<T>) {
  try {
    return { [name]: await run() };
  } catch (e) {
    console.error(JSON.stringify({ level: 'error', msg: 'scheduled job failed', job: name, error: String(e) }));
    return { [name]: 'failed' };
  }
}

export async function runMinuteJobs(ctx: ProviderContext, scheduledTime: Date) {
  const { db } = ctx;
  const report = {
    ...(await job('bookingHolds', () => transact(db, (tx) => expireBookingHolds(tx)))),
    ...(await job('registrationHolds', () => transact(db, (tx) => expireRegistrationHolds(tx)))),
    ...(await job('staleStays', () => closeStaleStays(db))),
    ...(await job('noShows', () => cancelMentorNoShows(ctx))),
    ...(await job('missedInterviews', () => judgeMissedInterviewsNow(ctx.env, db))),
    ...(await job('bookings', () => settleDueBookings(ctx))),
    ...(await job('events', () => releaseDueEventPayments(ctx))),
    // packages whose time is up: their unused credits are refunded (decision 006, «Packages»)
    ...(await job('packages', () => expireDuePackages(ctx))),
    ...(await job('transfers', () => retryPendingTransfers(ctx))),
    ...(await job('reminders', () => sendDueReminders(ctx.env, db, scheduledTime))),
    // a recording whose host's uploads stopped two minutes ago is finished with what it has (decision 019)
    ...(await job('staleRecordings', () => finishStaleRecordings(ctx.env, db))),
    ...(await job('expiredRecordings', () => deleteExpiredRecordings(ctx.env, db))),
    ...(scheduledTime.getUTCMinutes() === CLEANUP_MINUTE ? await job('cleanup', () => cleanupExpired(db)) : {}),
  };
  return report;
}
