// Everything around the core flows: favourites, direct chats of the demo mentee, notifications of the demo
// accounts, page views for mentor analytics, and one mentor application waiting for the admin.
import { catalog } from './catalog.ts';
import { translit } from './names.ts';
import type { SeedContext } from './context.ts';
import type { PlannedEvent } from './event-plan.ts';
import type { Mentee, Mentor, People } from './people.ts';
import { withIds, type Computed, type Ref } from './plan.ts';
import { fullName, moscowDateTime, quoted } from './ru.ts';
import type { Schedule } from './schedule.ts';
import { chatConversations } from './texts.ts';
import { addDays, addMinutes, atLocal, DAY, HOUR, MINUTE } from './time.ts';


export function planSocial(ctx: SeedContext, people: People, schedule: Schedule, events: PlannedEvent[]) {
  planFavorites(ctx, people);
  const rooms = planChats(ctx, people, schedule);
  planNotifications(ctx, people, schedule, events, rooms);
  planPageViews(ctx, people, events);
  planMentorApplication(ctx, people);
  planDemoMentorVetting(ctx, people);
}

/** Mentees keep 0..4 favourites; the demo mentor is in six lists, the demo mentee keeps three. */
function planFavorites(ctx: SeedContext, people: People) {
  const { rng, plan, now } = ctx;
  const others = people.mentors.filter((m) => !m.isDemo);
  const fans = new Set(rng.sample(people.mentees.filter((m) => !m.isDemo), 6));
  for (const mentee of people.mentees) {
    const picks: Mentor[] = mentee.isDemo ? rng.sample(others, 2) : rng.sample(others, rng.int(0, 4));
    if (mentee.isDemo || fans.has(mentee)) picks.unshift(people.demoMentor);
    for (const mentor of picks) {
      plan.add('mentorFavorites', { userId: mentee.ref, mentorId: mentor.ref, createdAt: new Date(now.getTime() - rng.int(1, 80) * DAY) });
    }
  }
}

type Room = { ref: Ref; mentor: Mentor; mentee: Mentee };

/**
 * Two rooms of the demo mentee with mentors she has met (the last message of the second one unread) and
 * one of the demo mentor with a mentee who booked her.
 */
function planChats(ctx: SeedContext, people: People, schedule: Schedule): Room[] {
  const { rng, plan, today } = ctx;
  const demoMentorsMet = [...new Set(schedule.finished.filter((b) => b.mentee.isDemo).map((b) => b.slot.mentor))];
  const bookedDemoMentor = schedule.upcoming.find((b) => b.slot.mentor.isDemo)!.mentee;
  const pairs = [
    { mentor: people.demoMentor, mentee: people.demoMentee, conversation: chatConversations[0], unread: false },
    { mentor: demoMentorsMet.find((m) => !m.isDemo)!, mentee: people.demoMentee, conversation: chatConversations[1], unread: true },
    { mentor: people.demoMentor, mentee: bookedDemoMentor, conversation: chatConversations[2], unread: false },
  ];
  return pairs.map(({ mentor, mentee, conversation, unread }, i) => {
    // daytime in Moscow, one room a day over the last three days; at most five messages an hour apart
    const startedAt = atLocal(addDays(today, i - 3), rng.int(10, 17) * 60 + rng.int(0, 59), 'Europe/Moscow');
    let at = startedAt;
    const messages = conversation.map(([who, content]) => {
      at = addMinutes(at, rng.int(3, 60));
      return { ref: undefined as Ref | undefined, sender: who === 'mentee' ? mentee : mentor, content, createdAt: at };
    });
    const room = plan.add('chatRooms', {
      // the same pair always gets the same room: 'smaller id:larger id'
      directKey: withIds([mentor.ref, mentee.ref], (ids) => [...ids].map(Number).sort((a, b) => a - b).join(':')),
      lastMessageAt: at,
      createdAt: startedAt,
    });
    for (const message of messages) {
      message.ref = plan.add('chatMessages', { roomId: room, senderId: message.sender.ref, content: message.content, createdAt: message.createdAt });
    }
    const last = messages[messages.length - 1];
    for (const member of [mentor, mentee]) {
      // An unread room: the member who didn't send the last message has read up to the one before it.
      const readUpTo = unread && last.sender !== member ? messages[messages.length - 2] : last;
      plan.add('chatMembers', { roomId: room, userId: member.ref, lastReadMessageId: readUpTo.ref!, joinedAt: startedAt });
    }
    return { ref: room, mentor, mentee };
  });
}

/** A few notifications per demo account, newest unread, with the link the bell opens. */
function planNotifications(ctx: SeedContext, people: People, schedule: Schedule, events: PlannedEvent[], rooms: Room[]) {
  const { plan, now } = ctx;
  const notify = (user: Ref, kind: string, message: string, payload: Record<string, unknown> | Computed, hoursAgo: number) =>
    plan.add('notifications', { userId: user, kind, message, payload, isRead: hoursAgo > 24, createdAt: new Date(now.getTime() - hoursAgo * HOUR) });
  const link = (ref: Ref, path: (id: number | string) => string) => withIds([ref], ([id]) => ({ url: path(id) }));
  const chatLink = (room: Ref) => withIds([room], ([id]) => ({ url: `/ChatsPage?roomId=${id}`, roomId: id }));

  const demoBooking = schedule.upcoming.find((b) => b.mentee.isDemo)!;
  const lastDemoSession = schedule.finished.filter((b) => b.mentee.isDemo).sort((a, b) => b.slot.startsAt.getTime() - a.slot.startsAt.getTime())[0];
  const [demoUpcomingEvent] = events.filter((e) => !e.past && e.participants.includes(people.demoMentee)).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const unreadRoom = rooms[1];
  const mentee = people.demoMentee.ref;
  notify(mentee, 'booking_paid', `Оплата прошла: «${demoBooking.slot.type.name}», ментор — ${fullName(demoBooking.slot.mentor)}, ${moscowDateTime(demoBooking.slot.startsAt)} (МСК).`, link(demoBooking.ref, () => '/CalendarPage'), 30);
  notify(mentee, 'review_request', `Оцените консультацию «${lastDemoSession.slot.type.name}» (ментор — ${fullName(lastDemoSession.slot.mentor)}).`, link(lastDemoSession.ref, () => '/CalendarPage'), 20);
  notify(mentee, 'event_reminder', `Напоминаем о мероприятии ${quoted(demoUpcomingEvent.title)}: ${moscowDateTime(demoUpcomingEvent.startsAt)} (МСК).`, link(demoUpcomingEvent.ref, (id) => `/event_info/${id}/`), 5);
  notify(mentee, 'chat_message', `${fullName(unreadRoom.mentor)}: новое сообщение в чате.`, chatLink(unreadRoom.ref), 2);

  const mentor = people.demoMentor.ref;
  const mentorBooking = schedule.upcoming.find((b) => b.slot.mentor.isDemo)!;
  const mentorEvent = events.find((e) => e.mentor.isDemo && !e.past)!;
  notify(mentor, 'booking_new', `Новая запись: ${fullName(mentorBooking.mentee)}, «${mentorBooking.slot.type.name}», ${moscowDateTime(mentorBooking.slot.startsAt)} (МСК).`, link(mentorBooking.ref, () => '/CalendarPage'), 50);
  notify(mentor, 'review_new', 'На вашей странице новый отзыв.', link(people.demoMentor.ref, (id) => `/mentor_info/${id}`), 26);
  notify(mentor, 'event_registration', `Новая регистрация на мероприятие ${quoted(mentorEvent.title)}.`, link(mentorEvent.ref, (id) => `/event_info/${id}/`), 6);
  notify(mentor, 'chat_message', `${fullName(people.demoMentee)}: новое сообщение в чате.`, chatLink(rooms[0].ref), 1);

  notify(people.admin.ref, 'mentor_application', 'Новая заявка на роль ментора ждёт проверки.', {}, 3);
}

/** The top of the analytics funnel: a few hundred views over 90 days, more for the demo mentor. */
function planPageViews(ctx: SeedContext, people: People, events: PlannedEvent[]) {
  const { rng, plan, now } = ctx;
  for (const mentor of people.mentors) {
    const own = events.filter((e) => e.mentor === mentor);
    const count = mentor.isDemo ? 90 : rng.int(4, 14);
    for (let i = 0; i < count; i++) {
      const viewedAt = new Date(now.getTime() - rng.int(10, 90 * 24 * 60) * MINUTE);
      const event = rng.chance(0.3) ? rng.pick(own) : null;
      const shown = event && event.createdAt <= viewedAt ? event : null;
      const viewer = rng.chance(0.5) ? rng.pick(people.mentees) : null;
      plan.add('pageViews', { mentorId: mentor.ref, eventId: shown?.ref ?? null, viewerId: viewer?.ref ?? null, viewedAt });
    }
  }
}

/** A mentee who wants to become a mentor: the application form as the spec's payload names it. */
function planMentorApplication(ctx: SeedContext, people: People) {
  const { plan, now } = ctx;
  const applicant = people.mentees[people.mentees.length - 1];
  const content = catalog['Хобби'];
  const submittedAt = new Date(now.getTime() - 3 * HOUR);
  const application = plan.add('mentorApplications', {
    userId: applicant.ref,
    status: 'submitted',
    payload: {
      mentor_name: applicant.firstName,
      mentor_surname: applicant.lastName,
      mentor_specialization: content.specializations[0].title,
      mentor_description: 'Снимаю портреты и репортажи восемь лет. Хочу помогать начинающим фотографам найти свой стиль и первых клиентов.',
      mentor_skills: ['Фотография', 'Обработка фото', 'Портрет'],
      mentor_tg_title: `@${translit(applicant.firstName)}_${translit(applicant.lastName)}_photo`,
      price: 3000,
      work_experiences: [{ position_title: 'Фотограф', company_name: 'Фотостудия «Свет»', start_date: '2018-03-01', end_date: null }],
      educations: [{ university_name: 'Московская школа фотографии и мультимедиа им. Родченко', specialty: 'Фотография', start_year: 2015, end_year: 2018 }],
    },
    submittedAt,
    createdAt: new Date(submittedAt.getTime() - 2 * DAY),
    updatedAt: submittedAt,
  });
  // the admin has offered two times for the interview (decision 004); the applicant has not picked one yet
  // 12:00 Moscow (09:00 UTC) the next day: working hours, not the seed's minute of the night
  const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 9));
  for (const startsAt of [tomorrow, new Date(tomorrow.getTime() + DAY + 2 * HOUR)]) {
    plan.add('mentorInterviews', { applicationId: application, adminId: people.admin.ref, startsAt, endsAt: new Date(startsAt.getTime() + 30 * MINUTE), createdAt: submittedAt });
  }
}

/**
 * The demo mentor went the one way to «Профиль подтверждён» (decision 004): an application, a 30-minute interview
 * with the admin, held, with what was checked. The application is written as submitted; scripts/seed.ts approves it
 * after the interview row exists and sets the flag, as the approval does (a trigger allows nothing else).
 */
function planDemoMentorVetting(ctx: SeedContext, people: People) {
  const { now } = ctx;
  const mentor = people.demoMentor;
  const startsAt = new Date(Math.floor((now.getTime() - 20 * DAY) / HOUR) * HOUR);
  const submittedAt = new Date(startsAt.getTime() - 3 * DAY);
  const application = ctx.plan.add('mentorApplications', {
    userId: mentor.ref,
    status: 'submitted',
    payload: { mentor_name: mentor.firstName, mentor_surname: mentor.lastName },
    submittedAt,
    createdAt: new Date(submittedAt.getTime() - DAY),
    updatedAt: submittedAt,
  });
  ctx.plan.add('mentorInterviews', {
    applicationId: application,
    adminId: people.admin.ref,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * MINUTE),
    status: 'held',
    bookedAt: new Date(submittedAt.getTime() + 5 * HOUR),
    checkedIdentity: true,
    checkedExperience: true,
    checkedSampleSession: true,
    outcomeNote: 'Паспорт сверен. Опыт в EdTech и наставничестве подтвердила примерами, пробный разбор карьерного вопроса — структурно и бережно.',
    outcomeAt: new Date(startsAt.getTime() + 35 * MINUTE),
    createdAt: submittedAt,
  });
}
