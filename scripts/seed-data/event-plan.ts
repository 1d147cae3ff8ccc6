// Group events: two per mentor (96), about 30% already held, the rest over the next ten weeks; registrations
// from mentees (some events sold out), reviews of held events from their participants, two canceled events.
import { catalog, type EventTemplate } from './catalog.ts';
import type { SeedContext } from './context.ts';
import type { Mentee, Mentor, People } from './people.ts';
import type { PlannedRow, Ref } from './plan.ts';
import { roundTo } from './random.ts';
import { starWeights } from './schedule.ts';
import { eventReviews } from './texts.ts';
import { addDays, addMinutes, atLocal, DAY, HOUR, localDateOf, minDate } from './time.ts';

const PAST_DAYS = 56;
/** the demo mentor's held event: at most this many days ago */
const DEMO_PAST_DAYS = 12;
const FUTURE_DAYS = 70;
/** a repeated workshop gets a format in its title, so no two events share one */
const formats = ['Вебинар', 'Мастер-класс', 'Практикум', 'Лекция', 'Воркшоп', 'Открытая встреча'];
/** Moscow wall-clock start times, minutes after midnight */
const startTimes = [11 * 60, 12 * 60, 15 * 60, 18 * 60, 18 * 60 + 30, 19 * 60, 19 * 60 + 30];

export type PlannedEvent = {
  ref: Ref;
  mentor: Mentor;
  title: string;
  startsAt: Date;
  durationMinutes: number;
  price: number;
  totalSpots: number;
  past: boolean;
  canceledAt: Date | null;
  createdAt: Date;
  participants: Mentee[];
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The editor's safe subset: paragraphs, bold, a bullet list. */
function describe(t: EventTemplate) {
  const items = t.points.map((p) => `<li>${escapeHtml(p)}</li>`).join('');
  return `<p>${escapeHtml(t.lead)}</p><p><strong>В программе:</strong></p><ul>${items}</ul><p><strong>Кому подойдёт:</strong> ${escapeHtml(t.audience)}.</p>`;
}

export function planEvents(ctx: SeedContext, people: People): PlannedEvent[] {
  const { rng, plan, now } = ctx;
  const drafts = draftEvents(ctx, people);

  // The demo mentee goes to two held events and two upcoming ones, the demo mentor's among them.
  const others = drafts.filter((e) => !e.mentor.isDemo);
  const withDemoMentee = new Set([
    drafts.find((e) => e.mentor.isDemo && e.past)!,
    drafts.find((e) => e.mentor.isDemo && !e.past)!,
    rng.pick(others.filter((e) => e.past)),
    rng.pick(others.filter((e) => !e.past)),
  ]);
  // Canceled a few hours ago: after every registration (events are at least a day old).
  const cancelable = others.filter((e) => !e.past && !withDemoMentee.has(e));
  for (const event of rng.sample(cancelable, 2)) event.canceledAt = new Date(now.getTime() - rng.int(6, 20) * HOUR);

  return drafts.map((draft, i) => {
    const { row, ...info } = draft;
    const ref = plan.add('events', {
      ...row,
      imageUrl: `/media/demo/covers/e${i + 1}.svg`,
      isCanceled: info.canceledAt !== null,
      canceledAt: info.canceledAt,
      updatedAt: info.canceledAt ?? info.createdAt,
    });
    const event: PlannedEvent = { ...info, ref, participants: [] };
    planRegistrations(ctx, people, event, withDemoMentee.has(draft));
    return event;
  });
}

type Draft = Omit<PlannedEvent, 'ref' | 'participants'> & { row: PlannedRow<'events'> };

function draftEvents(ctx: SeedContext, people: People): Draft[] {
  const { rng, now, today } = ctx;
  const drafts: Draft[] = [];
  const timesUsed = new Map<EventTemplate, number>();
  for (const mentor of people.mentors) {
    const slot = people.mentors.filter((m) => m.category === mentor.category).indexOf(mentor);
    const templates = catalog[mentor.category].events;
    // Mentor k of a category runs workshops k and k+4: every workshop is run by two mentors.
    const picks = [templates[slot % templates.length], templates[(slot + templates.length / 2) % templates.length]];
    const firstIsPast = mentor.isDemo || rng.chance(0.6);
    picks.forEach((template, k) => {
      const past = k === 0 && firstIsPast;
      const uses = timesUsed.get(template) ?? 0;
      timesUsed.set(template, uses + 1);
      const title = uses === 0 ? template.title : `${rng.pick(formats)} «${template.title}»`;
      // the demo mentor's held event is recent, so its recording (kept 30 days, decision 019) is still there to watch
      const offset = past ? -(mentor.isDemo ? 1 + (rng.int(1, PAST_DAYS) % DEMO_PAST_DAYS) : rng.int(1, PAST_DAYS)) : rng.int(1, FUTURE_DAYS);
      const startsAt = atLocal(addDays(today, offset), rng.pick(startTimes), 'Europe/Moscow');
      const price = rng.chance(0.35) ? 0 : rng.int(1, 14) * 500;
      const totalSpots = rng.chance(0.08) ? 0 : rng.chance(0.5) ? roundTo(rng.int(10, 30), 5) : rng.int(4, 10) * 10;
      const durationMinutes = rng.pick([60, 90, 90, 120, 180]);
      const createdAt = minDate(new Date(startsAt.getTime() - rng.int(10, 40) * DAY), new Date(now.getTime() - rng.int(24, 96) * HOUR));
      drafts.push({
        mentor, title, startsAt, durationMinutes, price, totalSpots, past, canceledAt: null, createdAt,
        row: {
          mentorId: mentor.ref,
          title,
          description: describe(template),
          category: mentor.category,
          startsAt,
          durationMinutes,
          price,
          discountPercent: !past && price > 0 && rng.chance(0.2) ? rng.pick([10, 15, 20, 25, 30]) : null,
          totalSpots,
          ageRestriction: template.age ?? (rng.chance(0.1) ? 16 : 18),
          createdAt,
        },
      });
    });
  }
  return drafts;
}

/**
 * Live registrations never exceed total_spots (the trigger counts them into taken_spots and a CHECK
 * guards it); about a third of the small events sell out. A canceled event keeps only canceled ones.
 */
function planRegistrations(ctx: SeedContext, people: People, event: PlannedEvent, withDemoMentee: boolean) {
  const { rng, plan, now } = ctx;
  const others = people.mentees.filter((m) => !m.isDemo);
  const limit = event.totalSpots === 0 ? others.length : Math.min(event.totalSpots, others.length);
  const soldOut = event.totalSpots > 0 && event.totalSpots <= others.length && rng.chance(0.3);
  const share = event.past ? 0.5 + rng.next() * 0.45 : 0.15 + rng.next() * 0.65;
  const count = event.canceledAt ? rng.int(2, 6) : soldOut ? event.totalSpots : Math.max(1, Math.floor(limit * share));
  const participants = rng.sample(others, withDemoMentee ? count - 1 : count);
  if (withDemoMentee) participants.unshift(people.demoMentee);

  const closesAt = minDate(event.canceledAt ?? event.startsAt, now).getTime() - HOUR;
  for (const mentee of participants) {
    const createdAt = new Date(event.createdAt.getTime() + Math.floor(rng.next() * (closesAt - event.createdAt.getTime())));
    plan.add('eventRegistrations', {
      eventId: event.ref,
      userId: mentee.ref,
      status: event.canceledAt ? 'canceled' : 'confirmed',
      createdAt,
      // a paid registration is confirmed when the payment goes through, a free one at once
      confirmedAt: event.price > 0 ? addMinutes(createdAt, rng.int(1, 15)) : createdAt,
      canceledAt: event.canceledAt,
    });
  }
  if (event.canceledAt) return;
  event.participants = participants;
  if (event.past) planEventReviews(ctx, event);
}
/** Participants of a held event review it; the demo mentee reviews the demo mentor's one. */
function planEventReviews(ctx: SeedContext, event: PlannedEvent) {
  const { rng, plan, now } = ctx;
  const endsAt = addMinutes(event.startsAt, event.durationMinutes);
  for (const mentee of event.participants) {
    if (!(mentee.isDemo ? event.mentor.isDemo : rng.chance(0.45))) continue;
    const stars = rng.weighted(starWeights);
    const at = minDate(new Date(endsAt.getTime() + rng.int(1, 48) * HOUR), new Date(now.getTime() - HOUR));
    plan.add('eventReviews', {
      eventId: event.ref,
      authorId: mentee.ref,
      text: rng.pick(eventReviews[stars]),
      stars,
      reviewDate: localDateOf(at, 'Europe/Moscow'),
      createdAt: at,
    });
  }
}
