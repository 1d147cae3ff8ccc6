// A full event with a line (issue 38 §3, decision 023): the demo mentor's paid workshop five days ahead has every seat
// taken and five people waiting, the demo mentee second, so the event page shows the mentee «Вы в листе ожидания:
// 2-й в очереди» and the mentor who waits. Written without the random source, so the rest of the demo data draws the
// same as before; the mentees are taken in the people list's order.
import type { SeedContext } from './context.ts';
import type { People } from './people.ts';
import type { Ref } from './plan.ts';
import { addDays, addMinutes, atLocal, DAY, HOUR } from './time.ts';

export const WAITLIST_EVENT_TITLE = 'Пробное собеседование в прямом эфире';
export const WAITLIST_EVENT_SPOTS = 8;
/** who waits, in line order; the demo mentee is the second */
export const WAITLIST_LENGTH = 5;

export function planEventWaitlist(ctx: SeedContext, people: People): Ref {
  const { plan, now, today } = ctx;
  const others = people.mentees.filter((m) => !m.isDemo);
  const seated = others.slice(0, WAITLIST_EVENT_SPOTS);
  const rest = others.slice(WAITLIST_EVENT_SPOTS, WAITLIST_EVENT_SPOTS + WAITLIST_LENGTH - 1);
  const line = [rest[0]!, people.demoMentee, ...rest.slice(1)];
  const createdAt = new Date(now.getTime() - 9 * DAY);
  const event = plan.add('events', {
    mentorId: people.demoMentor.ref,
    title: WAITLIST_EVENT_TITLE,
    description:
      '<p>Одно настоящее собеседование от начала до конца: вопросы, ответы, разбор. Участники видят, как звучат сильные ответы, и задают свои вопросы.</p>' +
      '<p><strong>Кому подойдёт:</strong> тем, кто ищет работу и хочет увереннее чувствовать себя на собеседованиях.</p>',
    category: 'Карьера',
    startsAt: atLocal(addDays(today, 5), 19 * 60, 'Europe/Moscow'),
    durationMinutes: 90,
    price: 1500,
    totalSpots: WAITLIST_EVENT_SPOTS,
    ageRestriction: 18,
    imageUrl: '/media/demo/covers/e-waitlist.svg',
    createdAt,
    updatedAt: createdAt,
  });
  // every seat taken and paid within the first days
  seated.forEach((mentee, i) => {
    const at = new Date(createdAt.getTime() + (i + 1) * 7 * HOUR);
    plan.add('eventRegistrations', { eventId: event, userId: mentee.ref, status: 'confirmed', createdAt: at, confirmedAt: addMinutes(at, 4) });
  });
  // then the line, oldest first
  line.forEach((mentee, i) => {
    plan.add('eventWaitlist', { eventId: event, userId: mentee.ref, status: 'waiting', createdAt: new Date(now.getTime() - (WAITLIST_LENGTH - i) * 11 * HOUR) });
  });
  return event;
}
