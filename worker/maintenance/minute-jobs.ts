// Everything the minute Cron Trigger does (worker/index.ts scheduled; decision 006, Scheduler). Each job
// is bounded and idempotent, and one failing job doesn't keep the others from running.
import type { ProviderContext } from '../payments/payment-provider.ts';
import { expireBookingHolds, expireRegistrationHolds } from '../escrow/holds.ts';
import { announceOffers } from '../registrations/waitlist-offers.ts';
import { retryPendingTransfers } from '../escrow/transfers.ts';
import { checkFiscalReceipts } from '../payments/receipts/fiscal-receipts.ts';
import { transact } from '../lib/transact.ts';
import { cleanupExpired } from './cleanup.ts';
import { closeStaleStays } from '../conferences/attendance.queries.ts';
import { cancelMentorNoShows } from './no-show.ts';
import { judgeMissedInterviewsNow } from './missed-interviews.ts';
import { releaseDueEventPayments, settleDueBookings } from './settle-due.ts';
import { expireDuePackages } from '../packages/package-refund.ts';
import { sendDueDayReminders, sendDueReminders } from '../reminders/reminders.ts';
import { sendReviewRequests } from '../reviews/review-requests.ts';
import { sendDueDeliveries } from '../notifications/deliveries.ts';
import { deleteExpiredRecordings, finishStaleRecordings } from '../recordings/recording-sweeps.ts';

/** The hourly housekeeping runs in the minute the old hourly trigger had (xx:17). */
export const CLEANUP_MINUTE = 17;

/** What each job returned, by the job's name; 'failed' for a job that threw. */
export type MinuteReport = Record<string, unknown>;

// One plain record type on purpose: spreading a `{ [name]: T } | { [name]: 'failed' }` per job made
// TypeScript relate 2^jobs union members, and at thirteen jobs the typecheck ran out of memory.
async function job(report: MinuteReport, name: string, run: () => Promise<unknown>) {
  try {
    report[name] = await run();
  } catch (e) {
    console.error(JSON.stringify({ level: 'error', msg: 'scheduled job failed', job: name, error: String(e) }));
    report[name] = 'failed';
  }
}

export async function runMinuteJobs(ctx: ProviderContext, scheduledTime: Date): Promise<MinuteReport> {
  const { db } = ctx;
  const report: MinuteReport = {};
  await job(report, 'bookingHolds', () => transact(db, (tx) => expireBookingHolds(tx)));
  await job(report, 'registrationHolds', () => transact(db, (tx) => expireRegistrationHolds(tx)));
  // the holds that ran out above (a payment's, or a waitlist offer's deadline) passed their seats down the line in
  // the database; here the new first in line hear of it, a bounded batch a minute (decision 023)
  await job(report, 'waitlistOffers', () => announceOffers(ctx.env, db));
  await job(report, 'staleStays', () => closeStaleStays(db));
  await job(report, 'noShows', () => cancelMentorNoShows(ctx));
  await job(report, 'missedInterviews', () => judgeMissedInterviewsNow(ctx.env, db));
  await job(report, 'bookings', () => settleDueBookings(ctx));
  await job(report, 'events', () => releaseDueEventPayments(ctx));
  // packages whose time is up: their unused credits are refunded (decision 006, «Packages»)
  await job(report, 'packages', () => expireDuePackages(ctx));
  await job(report, 'transfers', () => retryPendingTransfers(ctx));
  // fiscal receipts: unsent ones sent, pending ones read back, refused ones made again (decision 020)
  await job(report, 'receipts', () => checkFiscalReceipts(ctx));
  await job(report, 'reminders', () => sendDueReminders(ctx.env, db, scheduledTime));
  // the day-before reminders, and the ratings asked of consultations just over (decision 026)
  await job(report, 'dayReminders', () => sendDueDayReminders(ctx.env, db, scheduledTime));
  await job(report, 'reviewRequests', () => sendReviewRequests(ctx.env, db, scheduledTime));
  // notifications' Telegram deliveries due (a first attempt that failed, a 429's retry_after, a backoff) and their
  // e-mail fallbacks (decision 026)
  await job(report, 'deliveries', () => sendDueDeliveries(ctx.env, db));
  // a recording whose host's uploads stopped two minutes ago is finished with what it has (decision 019)
  await job(report, 'staleRecordings', () => finishStaleRecordings(ctx.env, db));
  await job(report, 'expiredRecordings', () => deleteExpiredRecordings(ctx.env, db));
  if (scheduledTime.getUTCMinutes() === CLEANUP_MINUTE) await job(report, 'cleanup', () => cleanupExpired(ctx));
  return report;
}
