// The seed is built in two steps: a pure, deterministic plan of rows (this module's types), then the
// database write (scripts/seed.ts). Rows point at each other through Refs, not ids, so the plan needs no
// database; the writer reserves real ids from the tables' own sequences and swaps them in.
import { pageViews } from '../../drizzle/schema/analytics.ts';
import { chatMembers, chatMessages, chatRooms } from '../../drizzle/schema/chats.ts';
import { conferenceAttendance, conferences } from '../../drizzle/schema/conferences.ts';
import { consultationBookings, consultationPackages, consultationSlots, consultationTypes, slotSeries } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations, eventReviews, eventWaitlist, events } from '../../drizzle/schema/events.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { disputes, fiscalReceipts, ledgerEntries, mentorTaxProfiles, payments, sandboxProviderObjects } from '../../drizzle/schema/payments.ts';
import { bookingMoveProposals, bookingTypeMoves } from '../../drizzle/schema/reschedule.ts';
import { consultationReviews, userReviews } from '../../drizzle/schema/reviews.ts';
import { mentorInterviews } from '../../drizzle/schema/mentor-interviews.ts';
import { caseImages, educations, mentorApplications, mentorFavorites, users, workExperiences } from '../../drizzle/schema/users.ts';

/** Every table the seed writes, in an order that satisfies the foreign keys. */
export const seedTables = {
  users,
  workExperiences,
  educations,
  caseImages,
  mentorApplications,
  mentorInterviews,
  mentorFavorites,
  consultationTypes,
  slotSeries,
  consultationSlots,
  consultationPackages,
  consultationBookings,
  // a booking's moves (decision 024): a top-up's payment points at its move, so the moves come before the payments
  bookingTypeMoves,
  bookingMoveProposals,
  payments,
  sandboxProviderObjects,
  ledgerEntries,
  disputes,
  mentorTaxProfiles,
  fiscalReceipts,
  userReviews,
  consultationReviews,
  events,
  eventRegistrations,
  eventReviews,
  // a full event's line (event-waitlist.ts, decision 023), after the registrations that fill it
  eventWaitlist,
  chatRooms,
  chatMessages,
  chatMembers,
  // the held consultations' rooms and who came (meeting-attendance.ts): the reliability figures count them
  conferences,
  conferenceAttendance,
  notifications,
  pageViews,
};
export type TableKey = keyof typeof seedTables;

/** "Row number `index` of table `table` in this plan": becomes that row's id when written. */
export class Ref {
  readonly table: TableKey;
  readonly index: number;
  constructor(table: TableKey, index: number) {
    this.table = table;
    this.index = index;
  }
}

/** A value that needs real ids, e.g. a chat room's 'minId:maxId' key or a URL with an id in it. */
export class Computed {
  readonly refs: readonly Ref[];
  readonly compute: (ids: readonly (number | string)[]) => unknown;
  constructor(refs: readonly Ref[], compute: (ids: readonly (number | string)[]) => unknown) {
    this.refs = refs;
    this.compute = compute;
  }
}

type Planned<T> = { [K in keyof T]: T[K] | Ref | Computed };
type Insert<K extends TableKey> = (typeof seedTables)[K]['$inferInsert'];
/** Ids are reserved at write time; a table whose key has no default (a provider's text id) names its own. */
export type PlannedRow<K extends TableKey> = Planned<Omit<Insert<K>, 'id'>> & Partial<Pick<Insert<K>, 'id' & keyof Insert<K>>>;
export type Plan = { [K in TableKey]: PlannedRow<K>[] };

export function createPlan() {
  const rows = Object.fromEntries(Object.keys(seedTables).map((key) => [key, []])) as unknown as Plan;
  return {
    rows,
    /** Adds a row and returns the Ref that other rows use to point at it. */
    add<K extends TableKey>(table: K, row: PlannedRow<K>): Ref {
      rows[table].push(row);
      return new Ref(table, rows[table].length - 1);
    },
  };
}
export type PlanBuilder = ReturnType<typeof createPlan>;

/** `/mentors/42`-style values: a template over the ids of some refs. */
export const withIds = (refs: readonly Ref[], compute: (ids: readonly (number | string)[]) => unknown) => new Computed(refs, compute);
