// What each Worker domain (a folder of worker/) offers the rest of the project (architecture.md point 11, decision
// 016 rule 6): another domain, worker/lib, worker/middleware, party/, drizzle/ and the SPA may import a domain's
// contracts (`*.schemas.ts`, `*-rules.ts`, `*.messages.ts`: what a request may say and how it is refused) and the
// files it lists here, nothing else. The Worker's root files (app.ts, index.ts…) compose the domains and may import
// any. An entry nothing imports any more is a violation too, so the list says what is used, no more.

/** Folders of worker/ that are not domains: what every domain may use. */
export const SHARED_FOLDERS = new Set(['lib', 'middleware']);

/** A domain's contract files, open to all: request and answer schemas, limits and messages. */
export const CONTRACT_FILE = /(\.schemas|-rules|\.messages)\.ts$/;

/** The domain a file belongs to (`worker/<domain>/…`), or null for the Worker's root, worker/lib and the rest. */
export function domainOf(file: string): string | null {
  const folder = /^worker\/([^/]+)\//.exec(file)?.[1];
  return folder && !SHARED_FOLDERS.has(folder) ? folder : null;
}

/** Files of each domain that others may import, besides its contracts (paths inside the domain's folder). */
export const DOMAIN_EXPORTS: Record<string, string[]> = {
  // the access token's check (middleware, the page renderer); starting a session and its sign-in codes (users); the
  // PKCE and Telegram hash rules the local provider fakes answer by (dev/social-fakes, decision 025)
  auth: ['access-token.ts', 'login-codes.queries.ts', 'session-cookies.ts', 'social/pkce.ts', 'social/telegram-hash.ts'],
  // a booking's times and lock for disputes and the minute's maintenance; how its notices name it, for the dispute's
  // a top-up's payment completing a move to a dearer type, and who hears of it (escrow, decision 024)
  bookings: ['bookings.notices.ts', 'bookings.queries.ts', 'move-telling.ts', 'type-move.queries.ts'],
  // messages as the support inbox and downloads show them; a moved booking's line in the chat of its two people (decision 024)
  // and posting a message, which a reply typed in Telegram does as the person (telegram, decision 026)
  chats: ['chat-fanout.ts', 'chat-messages.lifecycle.ts', 'chats.mapper.ts', 'chats.queries.ts'],
  // the local fakes of Telegram's Bot API and of a push service, which the bot adapter and the push sender reach
  // in-process in development and test (decisions 026, 027)
  dev: ['push-fake/push-fake-service.ts', 'telegram-fake/telegram-fake-api.ts'],
  // who was in a meeting (the conference room, no-show checks); the meetings' tokens and who may open a socket for the
  // real-time routes; closing a person's connections when a cancellation ends their place (bookings, registrations, events);
  // the room's window, for the join page's countdown
  // and the meeting as one person sees it, for who may record and watch its recordings
  conferences: ['attendance.queries.ts', 'conference-window.ts', 'conferences.queries.ts', 'demo-room.ts', 'join-token.ts', 'room-control.ts', 'socket-access.ts'],
  'consultation-slots': ['slot-dates.ts', 'slot-removal.queries.ts'],
  disputes: ['disputes.queries.ts'],
  educations: ['educations.mapper.ts'],
  // the money's state machine (decision 016, «The line between payments and escrow»): every service that takes,
  // holds, refunds or pays out money goes through these
  escrow: [
    'cancel-paid.ts',
    // the refund rule's numbers, for the terms a payer reads before paying
    'cancellation-policy.ts',
    'dispute-window.ts',
    'effects.ts',
    'fee.ts',
    'holds.queries.ts',
    'holds.ts',
    'mentor-counts.queries.ts',
    'money.queries.ts',
    'money.ts',
    'notices.ts',
    // a package's money, settled per consultation (decision 006, «Packages»): bookings, the scheduler, the package's refund
    'package-money.queries.ts',
    'package-money.ts',
    'payment-events.ts',
    'refund-quote.ts',
    'service-locks.queries.ts',
    'service-notices.ts',
    'transfers.ts',
  ],
  // the event list's own statement, which the bench's pass-through sends as it is (dev, issue 40 §4)
  events: ['events.queries.ts'],
  files: ['file-limits.ts', 'files.queries.ts', 'files.ts', 'image-type.ts'],
  // the operator's details the deployment sets, which the health check reports missing
  legal: ['operator.ts'],
  mail: ['deliver.ts', 'dev-mailbox.ts', 'outgoing.ts', 'senders.ts'],
  // the no-show rule's presence (decision 012), which the reliability figures judge attendance by (decision 021)
  maintenance: ['no-show.queries.ts'],
  'mentor-applications': ['mentor-applications.mail.ts', 'mentor-applications.mapper.ts', 'interviews.mapper.ts', 'interviews.queries.ts'],
  mentors: ['mentors.mapper.ts', 'mentors.queries.ts'],
  // and the deliveries due beyond the bell, which the minute job sends (decision 026)
  notifications: ['deliveries.ts', 'notify.ts'],
  // the caller's package of a type, for the booking dialog's price; the scheduler's expiry of packages
  packages: ['package-refund.ts', 'packages.queries.ts'],
  // the rendered pages' cookies and renderer, which the SPA's server entry and the sign-in share
  pages: ['page-cookies.ts', 'visitor-pages.ts'],
  // the provider side: what a provider does, which one serves, its errors (escrow reaches providers only so); the
  // words a payment is canceled with, which our own cancellations (holds, registrations, events) write too
  // and a refund's fiscal receipt (decision 020), which escrow sends with the refund; a stored payment started with the
  // provider and the payer's way back, for a move's top-up (bookings, decision 024)
  payments: [
    'cancel-reasons.ts',
    'deals.ts',
    'payment-provider.ts',
    'payments.queries.ts',
    'payout-card-message.ts',
    'provider-choice.ts',
    'provider-error.ts',
    'receipts/fiscal-receipts.ts',
    'return-url.ts',
  ],
  // telling the first in line of a freed seat (decision 023): the minute job, and the mentor adding seats (events)
  registrations: ['waitlist-offers.ts'],
  reminders: ['reminders.ts'],
  // the ratings asked once a consultation is over (decision 026): the minute job
  reviews: ['review-requests.ts'],
  // a mentee's figures as a mentor may see them (decision 021), for «Мои менти»
  reliability: ['reliability.mapper.ts', 'reliability.queries.ts'],
  // a mentor's tax status (decision 020): the ИНН's checksum (the sandbox makes an ИНН from a phone) and the stored
  // self-employed permission, which a self-employed payout reads and updates (escrow)
  'tax-profiles': ['inn.ts', 'tax-profiles.queries.ts'],
  // the scheduler's sweeps of recordings (stale ones finished, expired ones deleted)
  recordings: ['recording-sweeps.ts'],
  // the bot: its adapter and configuration, what it writes, and the linked chats, for the deliveries and the
  // notification settings (notifications, decision 026)
  telegram: ['bot-api.ts', 'telegram-config.ts', 'telegram-messages.ts', 'telegram.queries.ts'],
  users: ['users.mapper.ts', 'users.queries.ts'],
  // browser push: whether it is offered, what a notification says in it, the sender, and the subscriptions, for the
  // deliveries and the notification settings (notifications, decision 027)
  'web-push': ['push-config.ts', 'push-notice.ts', 'push-service.ts', 'web-push.queries.ts'],
  'work-experiences': ['work-experiences.mapper.ts'],
};

/** DOMAIN_EXPORTS as project paths (`worker/escrow/money.ts`). */
export function exportedFiles(): Set<string> {
  return new Set(Object.entries(DOMAIN_EXPORTS).flatMap(([domain, files]) => files.map((file) => `worker/${domain}/${file}`)));
}
