import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, jsonb, pgEnum, pgTable, text, unique, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { consultationBookings, consultationPackages } from './consultations.ts';
import { eventRegistrations } from './events.ts';
import { bookingTypeMoves } from './reschedule.ts';
import { users } from './users.ts';

const kopecks = () => bigint({ mode: 'number' });

/** A payout card as the provider's widget tokenized it: the card number never reaches us. */
export const payoutCardTokens = pgTable(
  'payout_card_tokens',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    payoutToken: text().notNull(),
    cardLast4: char({ length: 4 }).notNull(),
    cardType: varchar({ length: 32 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payout_card_tokens_token_uq').on(t.userId, t.payoutToken),
    check('payout_card_tokens_last4', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

export const paymentProvider = pgEnum('payment_provider', ['sandbox', 'yookassa']);
export const serviceType = pgEnum('service_type', ['consultation', 'event', 'package']);
export const paymentStatus = pgEnum('payment_status', ['pending', 'succeeded', 'canceled', 'released', 'refunded']);
/** how the payer paid, as the provider reports it once paid (decision 020): a card, СБП, or another of its methods */
export const paymentMethod = pgEnum('payment_method', ['bank_card', 'sbp', 'other']);

/**
 * A "safe deal": the mentee's money is held (succeeded) until the service is done, then released to the
 * mentor minus the platform fee, or refunded. Amounts are integer kopecks.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: paymentProvider().notNull(),
    serviceType: serviceType().notNull(),
    bookingId: integer().references(() => consultationBookings.id, { onDelete: 'restrict' }),
    registrationId: integer().references(() => eventRegistrations.id, { onDelete: 'restrict' }),
    /** a consultation package's payment: its sessions are settled one by one (decision 006, «Packages») */
    packageId: integer().references(() => consultationPackages.id, { onDelete: 'restrict' }),
    payerId: integer().notNull().references(() => users.id, { onDelete: 'restrict' }),
    payeeId: integer().notNull().references(() => users.id, { onDelete: 'restrict' }),
    amountKopecks: kopecks().notNull(),
    /**
     * what was paid for, as it was named when paid (the booking's type name or the event's title), so a receipt says
     * what was bought even after a rename (issue 34). Filled by a trigger at insert (migration 0030); a CHECK keeps it set.
     */
    serviceTitle: varchar({ length: 255 }),
    status: paymentStatus().notNull().default('pending'),
    providerDealId: text(),
    providerPaymentId: text().unique(),
    confirmationUrl: text(),
    returnUrl: text().notNull(),
    /** sent with every outgoing call for this payment so a retry never charges twice */
    idempotencyKey: uuid().notNull().unique().defaultRandom(),
    paidAt: ts(),
    releasedAt: ts(),
    refundedAt: ts(),
    /**
     * why a canceled payment was canceled, in the provider's words (YooKassa's cancellation_details.reason:
     * 'insufficient_funds', 'card_expired', 'expired_on_confirmation', …); our own cancellations use the same words
     * ('expired_on_confirmation' when the hold ran out, 'canceled_by_merchant' when the service went away), so the
     * payer is told a declined card apart from time that ran out (issue 35). Null while not canceled.
     */
    cancelReason: varchar({ length: 64 }),
    /** the method the payer chose on the provider's page; null until the payment succeeded (decision 020) */
    paymentMethod: paymentMethod(),
    /**
     * set on a top-up: the payment of the difference when a paid booking moved to a dearer type (decision 024). It is
     * one of the booking's payments (booking_id set), held, released and refunded with the booking's own.
     */
    typeMoveId: integer().references(() => bookingTypeMoves.id, { onDelete: 'restrict' }),
    /**
     * kopecks already given back while the payment is held, when its booking moved to a cheaper type (decision 024):
     * what is held is amount_kopecks - returned_kopecks, and only that is released or refunded later.
     */
    returnedKopecks: kopecks().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amountKopecks} > 0`),
    check('payments_service_title_set', sql`${t.serviceTitle} is not null`),
    check('payments_returned', sql`${t.returnedKopecks} >= 0 and ${t.returnedKopecks} <= ${t.amountKopecks}`),
    check('payments_top_up_of_booking', sql`${t.typeMoveId} is null or ${t.bookingId} is not null`),
    check('payments_cancel_reason_when_canceled', sql`${t.cancelReason} is null or ${t.status} = 'canceled'`),
    // 'package' compared as text: the enum value is added in the same migration, and a new value can't be used before commit
    check(
      'payments_service_ref',
      sql`(${t.serviceType} = 'consultation' and ${t.bookingId} is not null and ${t.registrationId} is null and ${t.packageId} is null)
        or (${t.serviceType} = 'event' and ${t.registrationId} is not null and ${t.bookingId} is null and ${t.packageId} is null)
        or (${t.serviceType}::text = 'package' and ${t.packageId} is not null and ${t.bookingId} is null and ${t.registrationId} is null)`,
    ),
    // at most one payment in flight or done per booking / registration (a booking's top-ups aside: one per type move)
    uniqueIndex('payments_booking_live_uq').on(t.bookingId).where(sql`${t.status} <> 'canceled' and ${t.typeMoveId} is null`),
    uniqueIndex('payments_type_move_live_uq').on(t.typeMoveId).where(sql`${t.status} <> 'canceled'`),
    uniqueIndex('payments_registration_live_uq').on(t.registrationId).where(sql`${t.status} <> 'canceled'`),
    uniqueIndex('payments_package_live_uq').on(t.packageId).where(sql`${t.status} <> 'canceled'`),
    index().on(t.payerId),
    index().on(t.payeeId, t.status),
    // the scheduler's sweep of money held in escrow
    index('payments_held_idx').on(t.paidAt).where(sql`${t.status} = 'succeeded'`),
  ],
);

export const ledgerAccount = pgEnum('ledger_account', ['payer', 'escrow', 'mentor', 'platform']);
export const ledgerKind = pgEnum('ledger_kind', ['payment_received', 'platform_fee', 'mentor_payout', 'refund']);

/**
 * Double-entry record of every movement of money: `amount` leaves `debit` and enters `credit`.
 * One entry per payment and kind, so a webhook delivered twice can't move money twice.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    paymentId: uuid().notNull().references(() => payments.id, { onDelete: 'restrict' }),
    kind: ledgerKind().notNull(),
    debit: ledgerAccount().notNull(),
    credit: ledgerAccount().notNull(),
    /** whose mentor account, when debit or credit is 'mentor' */
    mentorId: integer().references(() => users.id, { onDelete: 'restrict' }),
    /**
     * the consultation of a package a settlement is for (its fee, payout or refund); null for a payment's own movements
     * (received, a booking's or event's release or refund, a package's refund of unused credits)
     */
    bookingId: integer().references(() => consultationBookings.id, { onDelete: 'restrict' }),
    /** the move to a cheaper type whose difference this refund gave back (decision 024); null otherwise */
    typeMoveId: integer().references(() => bookingTypeMoves.id, { onDelete: 'restrict' }),
    amountKopecks: kopecks().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // one entry per payment, kind, package session and type move (null counts as one key), so nothing is booked twice
    unique('ledger_entries_payment_kind_uq').on(t.paymentId, t.kind, t.bookingId, t.typeMoveId).nullsNotDistinct(),
    index().on(t.mentorId, t.createdAt),
    check('ledger_entries_amount_positive', sql`${t.amountKopecks} > 0`),
    check('ledger_entries_two_accounts', sql`${t.debit} <> ${t.credit}`),
  ],
);

export const payoutStatus = pgEnum('payout_status', ['pending', 'succeeded', 'failed']);

export const payouts = pgTable(
  'payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid().notNull().references(() => payments.id, { onDelete: 'restrict' }),
    /** the package session this payout is for; null for a whole payment's */
    bookingId: integer().references(() => consultationBookings.id, { onDelete: 'restrict' }),
    mentorId: integer().notNull().references(() => users.id, { onDelete: 'restrict' }),
    cardTokenId: integer().references(() => payoutCardTokens.id, { onDelete: 'set null' }),
    amountKopecks: kopecks().notNull(),
    feeKopecks: kopecks().notNull(),
    status: payoutStatus().notNull().default('pending'),
    providerPayoutId: text().unique(),
    /** why the last attempt to send it failed (no payout card yet, provider error); retried by the scheduler */
    lastError: text(),
    /**
     * why the payout is held back for the mentor to act (no tax status, the self-employed permission revoked, the
     * yearly НПД limit; decision 020), in words shown to him. It is sent again, under a new idempotency_key and with
     * provider_payout_id cleared, once the cause is gone; null when nothing is waited for.
     */
    waitingReason: text(),
    /** the income receipt («Мой налог») YooKassa registered with a payout to a self-employed mentor: its id and print link */
    npdReceiptId: text(),
    npdReceiptUrl: text(),
    idempotencyKey: uuid().notNull().unique().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payouts_payment_booking_uq').on(t.paymentId, t.bookingId).nullsNotDistinct(),
    check('payouts_amounts', sql`${t.amountKopecks} > 0 and ${t.feeKopecks} >= 0`),
    // only a payout not yet paid can wait
    check('payouts_waiting_while_pending', sql`${t.waitingReason} is null or ${t.status} = 'pending'`),
  ],
);

export const refundStatus = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid().notNull().references(() => payments.id, { onDelete: 'restrict' }),
    /** the package session this refund is for; null for a whole payment's (or a package's unused credits) */
    bookingId: integer().references(() => consultationBookings.id, { onDelete: 'restrict' }),
    amountKopecks: kopecks().notNull(),
    reason: varchar({ length: 255 }).notNull(),
    /** the move to a cheaper type whose difference this refund gives back (decision 024); null otherwise */
    typeMoveId: integer().references(() => bookingTypeMoves.id, { onDelete: 'restrict' }),
    status: refundStatus().notNull().default('pending'),
    providerRefundId: text().unique(),
    lastError: text(),
    idempotencyKey: uuid().notNull().unique().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('refunds_payment_booking_uq').on(t.paymentId, t.bookingId, t.typeMoveId).nullsNotDistinct(),
    check('refunds_amount_positive', sql`${t.amountKopecks} > 0`),
  ],
);

/** Every provider notification we accepted, so a redelivery is recognised and ignored. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    provider: paymentProvider().notNull(),
    eventKey: text().notNull(),
    payload: jsonb().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('webhook_events_key_uq').on(t.provider, t.eventKey)],
);

export const disputeStatus = pgEnum('dispute_status', ['open', 'resolved_refund', 'resolved_partial', 'resolved_release']);
export const disputeSource = pgEnum('dispute_source', ['buyer', 'seller']);

/** A complaint about a consultation; while open, the money stays in escrow. */
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    bookingId: integer().notNull().unique().references(() => consultationBookings.id, { onDelete: 'cascade' }),
    openedBy: integer().notNull().references(() => users.id, { onDelete: 'restrict' }),
    source: disputeSource().notNull().default('buyer'),
    text: varchar({ length: 2000 }).notNull(),
    status: disputeStatus().notNull().default('open'),
    resolution: varchar({ length: 2000 }),
    /** kopecks returned to the buyer when resolved with a (partial) refund */
    refundKopecks: kopecks(),
    resolvedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.status), check('disputes_text_not_blank', sql`length(btrim(${t.text})) > 0`)],
);

/**
 * The sandbox provider's own books: what a real provider keeps on its side (payments, payouts, refunds
 * with their statuses and idempotency keys). Only the sandbox provider reads and writes this table; the
 * rest of the app learns about these objects through the provider interface and signed notifications,
 * exactly as with YooKassa.
 */
export const sandboxProviderObjects = pgTable(
  'sandbox_provider_objects',
  {
    id: text().primaryKey(),
    kind: varchar({ length: 16 }).notNull(),
    status: varchar({ length: 32 }).notNull(),
    amountKopecks: kopecks().notNull(),
    idempotencyKey: text().notNull(),
    /** the request as the provider received it (description, return_url, metadata, deal, payout token…) */
    request: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sandbox_provider_objects_idem_uq').on(t.kind, t.idempotencyKey),
    // self_employed: a mentor's permission to register income receipts (decision 020); it moves no money
    // receipt: a separate fiscal receipt (POST /receipts), kept so GET /receipts can answer it as YooKassa does
    check('sandbox_provider_objects_kind', sql`${t.kind} in ('payment', 'payout', 'refund', 'self_employed', 'receipt')`),
    check('sandbox_provider_objects_amount', sql`${t.amountKopecks} > 0 or (${t.kind} = 'self_employed' and ${t.amountKopecks} = 0)`),
  ],
);

export const mentorTaxStatus = pgEnum('mentor_tax_status', ['self_employed', 'individual_entrepreneur', 'none']);
/** YooKassa's `self_employed` object's status: the mentor's permission for ЮMoney to register his income receipts */
export const selfEmployedStatus = pgEnum('self_employed_status', ['pending', 'confirmed', 'canceled', 'unregistered']);

/**
 * A mentor's tax status (decision 020): payouts go only to a self-employed mentor (with YooKassa's permission to
 * register his income receipts) or an ИП; without a status his money waits in escrow.
 */
export const mentorTaxProfiles = pgTable(
  'mentor_tax_profiles',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: mentorTaxStatus().notNull(),
    inn: varchar({ length: 12 }),
    /** the «Мой налог» phone, digits only, which a self-employed mentor may give instead of his ИНН */
    phone: varchar({ length: 15 }),
    /** an ИП's name as registered */
    legalName: varchar({ length: 255 }),
    /** YooKassa's `self_employed` object, null until the permission is asked for */
    selfEmployedId: text().unique(),
    selfEmployedStatus: selfEmployedStatus(),
    confirmationUrl: text(),
    /** when the permission's status was last read from YooKassa */
    checkedAt: ts(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('mentor_tax_profiles_inn_digits', sql`${t.inn} ~ '^[0-9]{12}$'`),
    check('mentor_tax_profiles_phone_digits', sql`${t.phone} ~ '^[0-9]{4,15}$'`),
    check('mentor_tax_profiles_legal_name_not_blank', sql`length(btrim(${t.legalName})) > 0`),
    // an ИП: ИНН and name; a self-employed mentor: ИНН or the «Мой налог» phone (YooKassa finds the ИНН by it)
    check(
      'mentor_tax_profiles_status_fields',
      sql`(${t.status} <> 'individual_entrepreneur' or (${t.inn} is not null and ${t.legalName} is not null))
        and (${t.status} <> 'self_employed' or ${t.inn} is not null or ${t.phone} is not null)`,
    ),
    // the permission belongs to a self-employed profile, and has a status once asked for
    check(
      'mentor_tax_profiles_permission',
      sql`(${t.selfEmployedId} is null or ${t.status} = 'self_employed')
        and (${t.selfEmployedId} is null) = (${t.selfEmployedStatus} is null)
        and (${t.confirmationUrl} is null or ${t.selfEmployedId} is not null)`,
    ),
  ],
);

export const fiscalReceiptKind = pgEnum('fiscal_receipt_kind', ['payment', 'settlement', 'refund']);
export const fiscalReceiptStatus = pgEnum('fiscal_receipt_status', ['not_sent', 'pending', 'succeeded', 'canceled']);

/**
 * A fiscal receipt (54-ФЗ) registered through YooKassa's receipt service (decision 020): the payment's (prepayment),
 * a settlement's when the money is released (a package's per session), a refund's. `items` are the receipt's items as
 * sent; the fiscal data (ФН, ФД, ФП) arrive once registered. The minute job sends `not_sent` ones and polls `pending`.
 */
export const fiscalReceipts = pgTable(
  'fiscal_receipts',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: fiscalReceiptKind().notNull(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** the refund a `refund` receipt is for */
    refundId: uuid().references(() => refunds.id, { onDelete: 'restrict' }),
    /** the package session a settlement (or its refund) is for; null for a whole payment's */
    bookingId: integer().references(() => consultationBookings.id, { onDelete: 'restrict' }),
    amountKopecks: kopecks().notNull(),
    items: jsonb().$type<Record<string, unknown>[]>().notNull(),
    status: fiscalReceiptStatus().notNull().default('not_sent'),
    providerReceiptId: text().unique(),
    fiscalStorageNumber: text(),
    fiscalDocumentNumber: text(),
    fiscalAttribute: text(),
    registeredAt: ts(),
    lastError: text(),
    attempts: integer().notNull().default(0),
    /**
     * when the minute job may next send or ask about this receipt: a pending one is polled with a growing pause, so a
     * slow register isn't asked every minute (YooKassa sends no notification for receipts)
     */
    nextCheckAt: ts().notNull().defaultNow(),
    /** how many times a receipt the receipt service refused (canceled) was made again as a separate receipt */
    remakes: integer().notNull().default(0),
    /** sent with a separate `POST /receipts` (a settlement's) so a retry never registers it twice */
    idempotencyKey: uuid().notNull().unique().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one receipt of each kind per payment, package session and refund (null counts as one key)
    unique('fiscal_receipts_one_uq').on(t.paymentId, t.kind, t.bookingId, t.refundId).nullsNotDistinct(),
    index('fiscal_receipts_refund_idx').on(t.refundId),
    // the minute job's work: receipts to send or to poll, oldest first
    index('fiscal_receipts_open_idx').on(t.updatedAt).where(sql`${t.status} in ('not_sent', 'pending')`),
    // the minute job's queue: receipts without their fiscal data yet (to send, poll or remake), by when they are due
    index('fiscal_receipts_due_idx').on(t.nextCheckAt).where(sql`${t.fiscalStorageNumber} is null`),
    check('fiscal_receipts_amount_positive', sql`${t.amountKopecks} > 0`),
    check('fiscal_receipts_attempts', sql`${t.attempts} >= 0 and ${t.remakes} >= 0`),
    check('fiscal_receipts_items_array', sql`jsonb_typeof(${t.items}) = 'array' and jsonb_array_length(${t.items}) > 0`),
    check('fiscal_receipts_refund_ref', sql`(${t.kind} = 'refund') = (${t.refundId} is not null)`),
  ],
);
