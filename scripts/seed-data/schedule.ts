// Consultations: each mentor's types, their bookable time (recurring series and one-time slots over the next
// eight weeks), past sessions that mentees attended, a few upcoming paid ones, and the reviews they left.
import { catalog } from './catalog.ts';
import { planDisputes } from './disputes.ts';
import { addHeldPayment } from './held-payment.ts';
import { addPaymentReceipt } from './payment-receipt.ts';
import type { SeedContext } from './context.ts';
import { demoMentor as demoMentorProfile } from './demo-accounts.ts';
import type { Mentee, Mentor, People } from './people.ts';
import { Computed, type Ref } from './plan.ts';
import { roundTo } from './random.ts';
import { bookingQuestions, consultationReviewTexts, mentorReviews } from './texts.ts';
import {
  addDays, addMinutes, atLocal, DAY, HOUR, localDateOf, minDate, timeText, weekdayCodes, weekdayOf, type LocalDate, type Weekday,
} from './time.ts';

/** bookable time is published this far ahead */
export const SLOT_HORIZON_DAYS = 56;
/** past sessions go back this far */
const HISTORY_DAYS = 70;

type PackageOffer = { sessions: number; percent: number; valid_days: number };
export type ConsultationType = { ref: Ref; mentor: Mentor; name: string; durationMinutes: number; costs: number; packages?: PackageOffer[] };
export type Slot = { ref: Ref; mentor: Mentor; type: ConsultationType; startsAt: Date; endsAt: Date };
export type Booking = { ref: Ref; slot: Slot; mentee: Mentee; paidAt?: Date };
export type Schedule = { types: ConsultationType[]; finished: Booking[]; upcoming: Booking[] };

export const starWeights = [[5, 62], [4, 28], [3, 10]] as const;

/** A mentor's taken time: the database rejects overlapping slots of one mentor, so the plan never makes any. */
class Calendar {
  private readonly taken: [number, number][] = [];
  fits(startsAt: Date, endsAt: Date) {
    return this.taken.every(([s, e]) => endsAt.getTime() <= s || startsAt.getTime() >= e);
  }
  take(startsAt: Date, endsAt: Date) {
    this.taken.push([startsAt.getTime(), endsAt.getTime()]);
  }
}

export function planSchedule(ctx: SeedContext, people: People): Schedule {
  const types: ConsultationType[] = [];
  const futureSlots: Slot[] = [];
  const pastSlots: Slot[] = [];
  for (const mentor of people.mentors) {
    const mentorTypes = planTypes(ctx, mentor);
    types.push(...mentorTypes);
    const calendar = new Calendar();
    futureSlots.push(...planFutureSlots(ctx, mentor, mentorTypes, calendar));
    pastSlots.push(...planPastSlots(ctx, mentor, mentorTypes, calendar));
  }
  const finished = planFinishedBookings(ctx, people, pastSlots);
  const upcoming = planUpcomingBookings(ctx, people, futureSlots, finished);
  planReviews(ctx, finished);
  planDisputes(ctx, finished);
  const recent = planRecentSession(ctx, people, types);
  planPackage(ctx, people, types);
  return { types, finished, upcoming: [...upcoming, recent] };
}

/**
 * The demo mentee's session with the demo mentor that ended two hours ago: paid, not yet rated, its money in
 * escrow while the dispute window runs (decision 010), so the schedule offers «Оценить» and «Открыть диспут».
 * It starts three hours before the seed runs: earlier today or late last night, a time no other slot of the
 * demo mentor takes (past slots are on earlier days between 10:00 and 21:00, upcoming ones from tomorrow).
 */
function planRecentSession(ctx: SeedContext, people: People, types: ConsultationType[]): Booking {
  const type = types.find((t) => t.mentor === people.demoMentor && t.durationMinutes <= 60) ?? types.find((t) => t.mentor === people.demoMentor)!;
  const startsAt = new Date(Math.floor((ctx.now.getTime() - 3 * HOUR) / (15 * 60_000)) * 15 * 60_000);
  const slotRef = ctx.plan.add('consultationSlots', {
    mentorId: type.mentor.ref,
    consultationTypeId: type.ref,
    startsAt,
    endsAt: addMinutes(startsAt, type.durationMinutes),
    createdAt: new Date(startsAt.getTime() - 5 * DAY),
  });
  const slot: Slot = { ref: slotRef, mentor: type.mentor, type, startsAt, endsAt: addMinutes(startsAt, type.durationMinutes) };
  // written without the random source, so every other row of the demo data stays as it was
  const paidAt = new Date(startsAt.getTime() - 2 * DAY);
  const ref = ctx.plan.add('consultationBookings', {
    slotId: slotRef,
    menteeId: people.demoMentee.ref,
    mentorId: type.mentor.ref,
    consultationTypeId: type.ref,
    status: 'paid',
    questions: 'Хочу понять, каких навыков мне не хватает для перехода в продакт-менеджмент.',
    price: type.costs,
    paidAt,
    createdAt: addMinutes(paidAt, -10),
    updatedAt: paidAt,
  });
  const booking: Booking = { ref, slot, mentee: people.demoMentee };
  addHeldPayment(ctx, booking, 'seed-recent-1', paidAt);
  return booking;
}

/**
 * The demo mentee's package (decision 006, «Packages»): 5 × «Подготовка к собеседованию» −10 % bought 20 days ago and
 * paid through the sandbox (its payment in escrow with its ledger entry), one session held yesterday morning (finished,
 * its money still held while the dispute window runs: the scheduler pays the mentor for it after), one booked three
 * days ahead, three credits left. Times outside the demo mentor's other slots (past ones 10:00-20:30 on earlier days,
 * upcoming series at 9-12:30 and 18-21:00, the recent session three hours ago). Written without the random source.
 */
function planPackage(ctx: SeedContext, people: People, types: ConsultationType[]) {
  const { plan, now } = ctx;
  const type = types.find((t) => t.mentor === people.demoMentor && t.packages?.length);
  if (!type) throw new Error('seed: the demo mentor offers no package');
  const offer = type.packages![0];
  const perSession = Math.round((type.costs * (100 - offer.percent)) / 100);
  const paidAt = new Date(now.getTime() - 20 * DAY);
  const pack = plan.add('consultationPackages', {
    menteeId: people.demoMentee.ref,
    mentorId: type.mentor.ref,
    consultationTypeId: type.ref,
    typeName: type.name,
    sessions: offer.sessions,
    percent: offer.percent,
    validDays: offer.valid_days,
    regularPrice: type.costs,
    pricePerSession: perSession,
    status: 'active',
    creditsLeft: offer.sessions - 2,
    paidAt,
    expiresAt: new Date(paidAt.getTime() + offer.valid_days * DAY),
    createdAt: addMinutes(paidAt, -5),
    updatedAt: paidAt,
  });
  const today = localDateOf(now, type.mentor.zone);
  const sessions = [
    { startsAt: atLocal(addDays(today, -1), 8 * 60, type.mentor.zone), status: 'finished' as const, bookedAt: addMinutes(paidAt, 30) },
    { startsAt: atLocal(addDays(today, 3), 14 * 60, type.mentor.zone), status: 'paid' as const, bookedAt: new Date(now.getTime() - 2 * DAY) },
  ];
  for (const { startsAt, status, bookedAt } of sessions) {
    const endsAt = addMinutes(startsAt, type.durationMinutes);
    const slot = plan.add('consultationSlots', { mentorId: type.mentor.ref, consultationTypeId: type.ref, startsAt, endsAt, createdAt: addMinutes(bookedAt, -60) });
    plan.add('consultationBookings', {
      slotId: slot,
      menteeId: people.demoMentee.ref,
      mentorId: type.mentor.ref,
      consultationTypeId: type.ref,
      packageId: pack,
      status,
      questions: 'Разберём вопросы с прошлого собеседования.',
      price: perSession,
      paidAt: bookedAt,
      finishedAt: status === 'finished' ? endsAt : null,
      createdAt: bookedAt,
      updatedAt: status === 'finished' ? endsAt : bookedAt,
    });
  }
  const amountKopecks = perSession * offer.sessions * 100;
  const key = 'seed-package-1';
  // paid by СБП (decision 020): an ordinary one-stage payment, as СБП can't be paid inside a safe deal
  const payment = plan.add('payments', {
    provider: 'sandbox',
    serviceType: 'package',
    packageId: pack,
    payerId: people.demoMentee.ref,
    payeeId: type.mentor.ref,
    amountKopecks,
    status: 'succeeded',
    paymentMethod: 'sbp',
    providerPaymentId: `sbx_pay_${key}`,
    returnUrl: '/payment-return',
    paidAt,
    createdAt: addMinutes(paidAt, -3),
    updatedAt: paidAt,
  });
  const purchase = { kind: 'package' as const, title: type.name, startsAt: null, mentorName: `${type.mentor.firstName} ${type.mentor.lastName}` };
  const receipt = addPaymentReceipt(ctx, payment, { purchase, payerEmail: people.demoMentee.email, amountKopecks, sessions: offer.sessions }, key, paidAt);
  plan.add('sandboxProviderObjects', {
    id: `sbx_pay_${key}`,
    kind: 'payment',
    status: 'succeeded',
    amountKopecks,
    idempotencyKey: key,
    request: new Computed([payment], ([paymentId]) => ({
      description: `Пакет из ${offer.sessions} консультаций «${type.name}»`,
      return_url: '/payment-return',
      metadata: { payment_id: String(paymentId) },
      payment_method: { type: 'sbp' },
      receipt,
    })),
    createdAt: addMinutes(paidAt, -3),
    updatedAt: paidAt,
  });
  plan.add('ledgerEntries', { paymentId: payment, kind: 'payment_received', debit: 'payer', credit: 'escrow', amountKopecks, createdAt: paidAt });
}

function planTypes(ctx: SeedContext, mentor: Mentor): ConsultationType[] {
  const { rng, plan } = ctx;
  const templates = catalog[mentor.category].consultations;
  const chosen = mentor.isDemo
    ? demoMentorProfile.consultations
    : rng.sample(templates, rng.int(1, 3)).map((t) => {
        const durationMinutes = rng.pick(t.durations);
        // priced from the mentor's hourly rate, never below 500 ₽
        return { name: t.name, durationMinutes, costs: Math.max(500, roundTo((mentor.price * durationMinutes) / 60, 500)) };
      });
  return chosen.map((t) => {
    const ref = plan.add('consultationTypes', {
      mentorId: mentor.ref,
      name: t.name,
      description: templates.find((template) => template.name === t.name)?.description ?? '',
      durationMinutes: t.durationMinutes,
      costs: t.costs,
      loyaltySteps: (t as { loyaltySteps?: { from: number; percent: number }[] }).loyaltySteps ?? [],
      packages: (t as { packages?: PackageOffer[] }).packages ?? [],
      ...(t as { bookingRules?: Record<string, number> }).bookingRules,
      createdAt: mentor.createdAt,
    });
    return { ref, mentor, ...t };
  });
}

function addSlot(ctx: SeedContext, calendar: Calendar, type: ConsultationType, startsAt: Date, series: Ref | null): Slot {
  const endsAt = addMinutes(startsAt, type.durationMinutes);
  calendar.take(startsAt, endsAt);
  const createdAt = minDate(new Date(startsAt.getTime() - 14 * DAY), new Date(ctx.now.getTime() - 3 * DAY));
  const ref = ctx.plan.add('consultationSlots', { mentorId: type.mentor.ref, consultationTypeId: type.ref, seriesId: series, startsAt, endsAt, createdAt });
  return { ref, mentor: type.mentor, type, startsAt, endsAt };
}

/**
 * Up to two recurring series on disjoint weekdays (mornings for the first type, evenings for the second),
 * then one-time slots on the remaining weekdays in the afternoon: by construction nothing overlaps.
 */
function planFutureSlots(ctx: SeedContext, mentor: Mentor, types: ConsultationType[], calendar: Calendar): Slot[] {
  const { rng, plan, now } = ctx;
  const zone = mentor.zone;
  const today = localDateOf(now, zone);
  const horizon = addDays(today, SLOT_HORIZON_DAYS);
  const weekdays = rng.shuffle(weekdayCodes);
  let used = 0;
  const slots: Slot[] = [];

  types.slice(0, 2).forEach((type, i) => {
    if (!mentor.isDemo && !rng.chance(0.7)) return;
    const custom = rng.chance(0.6);
    const days = weekdays.slice(used, used + (custom ? rng.int(2, 3) : 1));
    used += days.length;
    const startMinutes = (i === 0 ? rng.pick([9, 10, 11]) : rng.pick([18, 19])) * 60 + (rng.chance(0.25) ? 30 : 0);
    const firstDate = nextDateOn(addDays(today, 1), days);
    const repeatUntil = mentor.isDemo ? horizon : addDays(today, rng.pick([28, 42, SLOT_HORIZON_DAYS]));
    const series = plan.add('slotSeries', {
      mentorId: mentor.ref,
      consultationTypeId: type.ref,
      // 'weekly' repeats on the weekday of first_date; 'custom' on the listed weekdays
      repeatType: custom ? 'custom' : 'weekly',
      customWeekdays: custom ? weekdayCodes.filter((d) => days.includes(d)) : [],
      startLocal: timeText(startMinutes),
      endLocal: timeText(startMinutes + type.durationMinutes),
      firstDate,
      repeatUntil,
      timeZone: zone,
      createdAt: new Date(now.getTime() - rng.int(2, 6) * DAY),
    });
    for (let date = firstDate; date <= repeatUntil; date = addDays(date, 1)) {
      if (!days.includes(weekdayOf(date))) continue;
      const startsAt = atLocal(date, startMinutes, zone);
      if (!calendar.fits(startsAt, addMinutes(startsAt, type.durationMinutes))) throw new Error('seed: series slots overlap');
      slots.push(addSlot(ctx, calendar, type, startsAt, series));
    }
  });

  const freeDays = weekdays.slice(used);
  const oneTime = mentor.isDemo ? 10 : rng.int(3, 10);
  for (let i = 0; i < oneTime; i++) {
    const date = nextDateOn(addDays(today, rng.int(1, SLOT_HORIZON_DAYS - 6)), freeDays);
    const type = rng.pick(types);
    const startsAt = atLocal(date, rng.int(12, 17) * 60 + rng.pick([0, 30]), zone);
    if (calendar.fits(startsAt, addMinutes(startsAt, type.durationMinutes))) slots.push(addSlot(ctx, calendar, type, startsAt, null));
  }
  return slots;
}

/** The first date on or after `from` that falls on one of `days`. */
function nextDateOn(from: LocalDate, days: readonly Weekday[]): LocalDate {
  let date = from;
  while (!days.includes(weekdayOf(date))) date = addDays(date, 1);
  return date;
}

/** Slots of the last ten weeks; each gets a finished booking, which is what makes reviews legitimate. */
function planPastSlots(ctx: SeedContext, mentor: Mentor, types: ConsultationType[], calendar: Calendar): Slot[] {
  const { rng, now } = ctx;
  const today = localDateOf(now, mentor.zone);
  const slots: Slot[] = [];
  const count = mentor.isDemo ? 6 : rng.int(2, 6);
  while (slots.length < count) {
    const type = rng.pick(types);
    const startsAt = atLocal(addDays(today, -rng.int(1, HISTORY_DAYS)), rng.int(10, 19) * 60, mentor.zone);
    if (calendar.fits(startsAt, addMinutes(startsAt, type.durationMinutes))) slots.push(addSlot(ctx, calendar, type, startsAt, null));
  }
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

function addBooking(ctx: SeedContext, slot: Slot, mentee: Mentee, status: 'finished' | 'paid'): Booking {
  const { rng, plan, now } = ctx;
  const createdAt = status === 'finished'
    ? new Date(slot.startsAt.getTime() - rng.int(1, 10) * DAY - rng.int(1, 12) * HOUR)
    : new Date(now.getTime() - rng.int(2, 72) * HOUR);
  const paidAt = addMinutes(createdAt, rng.int(2, 20));
  const ref = plan.add('consultationBookings', {
    slotId: slot.ref,
    menteeId: mentee.ref,
    mentorId: slot.mentor.ref,
    consultationTypeId: slot.type.ref,
    status,
    questions: rng.pick(bookingQuestions),
    price: slot.type.costs,
    paidAt,
    finishedAt: status === 'finished' ? slot.endsAt : null,
    createdAt,
    updatedAt: status === 'finished' ? slot.endsAt : paidAt,
  });
  return { ref, slot, mentee, paidAt };
}

function planFinishedBookings(ctx: SeedContext, people: People, pastSlots: Slot[]): Booking[] {
  const { rng } = ctx;
  const others = people.mentees.filter((m) => !m.isDemo);
  // The demo mentee's history: the demo mentor and two mentors of other categories.
  const demoSlots = new Set<Slot>();
  const firstOf = (mentor: Mentor) => pastSlots.find((s) => s.mentor === mentor);
  demoSlots.add(firstOf(people.demoMentor)!);
  const otherCategories = people.mentors.filter((m) => m.category !== people.demoMentor.category);
  for (const mentor of rng.sample(otherCategories, 2)) demoSlots.add(firstOf(mentor)!);
  return pastSlots.map((slot) => addBooking(ctx, slot, demoSlots.has(slot) ? people.demoMentee : rng.pick(others), 'finished'));
}

/**
 * A few paid sessions ahead: one for the demo mentee (with a mentor she has already met), two for the demo
 * mentor (who otherwise keeps her upcoming slots free), a dozen across the others; plus two canceled
 * bookings whose slots stay bookable.
 */
function planUpcomingBookings(ctx: SeedContext, people: People, futureSlots: Slot[], finished: Booking[]): Booking[] {
  const { rng, plan, now } = ctx;
  const others = people.mentees.filter((m) => !m.isDemo);
  const free = new Set(futureSlots);
  const take = (slot: Slot) => (free.delete(slot), slot);

  const metMentor = finished.find((b) => b.mentee.isDemo && !b.slot.mentor.isDemo)!.slot.mentor;
  const [firstWithMet] = futureSlots.filter((s) => s.mentor === metMentor).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  if (!firstWithMet) throw new Error('seed: the demo mentee\'s mentor has no upcoming slots');
  const upcoming = [addBooking(ctx, take(firstWithMet), people.demoMentee, 'paid')];
  const demoMentorSlots = futureSlots.filter((s) => s.mentor.isDemo);
  for (const slot of [demoMentorSlots[1], demoMentorSlots[4]]) upcoming.push(addBooking(ctx, take(slot), rng.pick(others), 'paid'));
  for (const slot of rng.sample([...free].filter((s) => !s.mentor.isDemo), 12)) upcoming.push(addBooking(ctx, take(slot), rng.pick(others), 'paid'));

  for (const slot of rng.sample([...free].filter((s) => !s.mentor.isDemo), 2)) {
    const mentee = rng.pick(others);
    const createdAt = new Date(now.getTime() - rng.int(24, 96) * HOUR);
    const canceledAt = addMinutes(createdAt, rng.int(10, 300));
    plan.add('consultationBookings', {
      slotId: slot.ref,
      menteeId: mentee.ref,
      mentorId: slot.mentor.ref,
      consultationTypeId: slot.type.ref,
      status: 'canceled',
      price: slot.type.costs,
      canceledAt,
      canceledBy: mentee.ref,
      createdAt,
      updatedAt: canceledAt,
    });
  }
  // paid means the money is held until the dispute window after the session (decision 010), as a cancellation expects
  upcoming.forEach((booking, i) => {
    if (booking.slot.type.costs > 0) addHeldPayment(ctx, booking, `seed-upcoming-${i + 1}`, booking.paidAt!);
  });
  return upcoming;
}

/**
 * Reviews only from mentees who really had a session: one mentor review per mentee and mentor (the
 * database allows no more), and a rating of single sessions. The demo mentee leaves her most recent
 * session unrated, so the "rate the consultation" prompt has something to show.
 */
function planReviews(ctx: SeedContext, finished: Booking[]) {
  const { rng, plan, now } = ctx;
  const lastDemoSession = finished.filter((b) => b.mentee.isDemo).sort((a, b) => b.slot.startsAt.getTime() - a.slot.startsAt.getTime())[0];
  const reviewedPairs = new Set<string>();
  const byEnd = [...finished].sort((a, b) => a.slot.endsAt.getTime() - b.slot.endsAt.getTime());
  for (const booking of byEnd) {
    if (booking === lastDemoSession) continue;
    const { mentor } = booking.slot;
    const at = minDate(new Date(booking.slot.endsAt.getTime() + rng.int(1, 48) * HOUR), new Date(now.getTime() - HOUR));
    if (booking.mentee.isDemo || rng.chance(0.6)) {
      const rating = rng.weighted(starWeights);
      plan.add('consultationReviews', {
        bookingId: booking.ref,
        authorId: booking.mentee.ref,
        mentorId: mentor.ref,
        rating,
        text: rng.pick(consultationReviewTexts[rating]),
        createdAt: at,
      });
    }
    const pair = `${mentor.ref.index}:${booking.mentee.ref.index}`;
    if (reviewedPairs.has(pair) || !(booking.mentee.isDemo || mentor.isDemo || rng.chance(0.75))) continue;
    reviewedPairs.add(pair);
    const stars = rng.weighted(starWeights);
    plan.add('userReviews', {
      toUserId: mentor.ref,
      authorId: booking.mentee.ref,
      text: rng.pick(mentorReviews[stars]),
      stars,
      reviewDate: localDateOf(at, 'Europe/Moscow'),
      createdAt: at,
    });
  }
}
