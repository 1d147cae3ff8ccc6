// The vetting interview (decision 004): an admin offers times, the applicant books one, the admin records the
// outcome, and only an approval after a held interview makes «Профиль подтверждён».
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conferenceAttendance, conferences, conferenceWaits } from '../../drizzle/schema/conferences.ts';
import { mentorInterviews } from '../../drizzle/schema/mentor-interviews.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { mentorApplications, users } from '../../drizzle/schema/users.ts';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import { judgeMissedInterviewsNow } from '../../worker/maintenance/missed-interviews.ts';
import { AUTO_NO_SHOW_NOTE } from '../../worker/mentor-applications/interviews.queries.ts';
import { sendDueReminders } from '../../worker/reminders/reminders.ts';
import { createUser } from '../factories.ts';
import { bindings, useTestDb } from './helpers.ts';
import { asUser, expectJson, send, waitForMail } from './json-api.ts';
import { api, apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();
const HOUR = 60 * 60_000;

async function submitted() {
  const applicant = await createUser(t.db, { firstName: 'Анна', lastName: 'Кандидатова' });
  const [application] = await t.db
    .insert(mentorApplications)
    .values({ userId: applicant.id, status: 'submitted', payload: { mentor_name: 'Анна', mentor_surname: 'Кандидатова' }, submittedAt: new Date() })
    .returning();
  return { applicant: asUser(applicant), applicantRow: applicant, application };
}

const adminUser = async () => asUser(await createUser(t.db, { role: 'admin' }));
/** distinct future times per test run, so one admin's bookings in different tests don't meet */
const base = Date.now() + (48 + Math.floor(Math.random() * 5000) * 24) * HOUR;
let slot = 0;
const future = () => new Date(base + ++slot * HOUR);

const admin = (user?: SessionUser) => apiAs(user, { trailingSlash: true }).admin;
const offer = (user: SessionUser | undefined, applicationId: number, times: Date[]) =>
  admin(user)['mentor-applications'][':id'].interviews.$post({ param: { id: String(applicationId) }, json: { starts_at: times.map((d) => d.toISOString()) } });
const book = (user: SessionUser | undefined, id: number) => apiAs(user, { trailingSlash: true })['mentor-interviews'][':id'].book.$post({ param: { id: String(id) } });
const mine = (user: SessionUser) => apiAs(user, { trailingSlash: true })['mentor-applications'].me.interviews.$get();
const outcome = (user: SessionUser, id: number, json: Parameters<ReturnType<typeof admin>['mentor-interviews'][':id']['outcome']['$post']>[0]['json']) =>
  admin(user)['mentor-interviews'][':id'].outcome.$post({ param: { id: String(id) }, json });
const approve = (user: SessionUser, id: number) => admin(user)['mentor-applications'][':id'].approve.$post({ param: { id: String(id) } });

/** moves an interview's time so that it has begun (the clock is the database's) */
const begin = (id: number) =>
  t.db.update(mentorInterviews).set({ startsAt: sql`now() - interval '5 minutes'`, endsAt: sql`now() + interval '25 minutes'` }).where(eq(mentorInterviews.id, id));

/** an applicant's booked interview with a new admin, moved to start at `startsAt` (the database's clock), 30 minutes long */
async function bookedAt(startsAt: SQL) {
  const boss = await adminUser();
  const { application, applicant } = await submitted();
  const [one] = await expectOk(offer(boss, application.id, [future()]), 201);
  await expectOk(book(applicant, one.id), 200);
  await t.db
    .update(mentorInterviews)
    .set({ startsAt, endsAt: sql`${startsAt} + interval '30 minutes'` })
    .where(eq(mentorInterviews.id, one.id));
  return { boss, applicant, id: one.id };
}

const held = { outcome: 'held' as const, note: 'Паспорт, опыт в Яндексе и пробный разбор — всё сходится', checked_identity: true, checked_experience: true, checked_sample_session: true };

describe('offering times', () => {
  it('is for admins only', async () => {
    const { application, applicant } = await submitted();
    expect((await expectError(offer(applicant, application.id, [future()]), 403)).code).toBe('forbidden');
    await expectError(offer(undefined, application.id, [future()]), 401);
  });

  it('stores the times, tells the applicant and shows them on their side', async () => {
    const boss = await adminUser();
    const { application, applicant, applicantRow } = await submitted();
    const [a, b] = [future(), future()];
    const rows = await expectOk(offer(boss, application.id, [b, a, new Date(Date.now() - HOUR)]), 201);
    // the past time is skipped; soonest first
    expect(rows.map((r) => [r.starts_at, r.ends_at, r.status, r.admin_id])).toEqual([
      [a.toISOString(), new Date(a.getTime() + 30 * 60_000).toISOString(), 'offered', boss.id],
      [b.toISOString(), new Date(b.getTime() + 30 * 60_000).toISOString(), 'offered', boss.id],
    ]);
    const seen = await expectOk(mine(applicant), 200);
    expect(seen.map((r) => [r.id, r.status, r.room_url])).toEqual(rows.map((r) => [r.id, 'offered', null]));
    expect(seen[0]).not.toHaveProperty('outcome_note');
    const [mail] = await waitForMail(t.db, applicantRow.email!, 'Выберите время видеоинтервью');
    expect(mail.text).toContain('30 минут');
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, applicant.id));
    expect(notices).toMatchObject([{ kind: 'interview_offered', payload: { url: '/become-mentor' } }]);
    // the same time again offers nothing new
    expect((await expectError(offer(boss, application.id, [a]), 409)).code).toBe('interview_times_refused');
  });

  it('refuses a draft or a decided application, and an unknown one', async () => {
    const boss = await adminUser();
    const user = await createUser(t.db);
    const [draft] = await t.db.insert(mentorApplications).values({ userId: user.id }).returning();
    expect((await expectError(offer(boss, draft.id, [future()]), 409)).code).toBe('application_not_submitted');
    await expectError(offer(boss, 2147483647, [future()]), 404);
    const bad = await expectJson(send('POST', `/api/admin/mentor-applications/${draft.id}/interviews/`, { user: boss, body: { starts_at: [] } }), 400);
    expect(bad.fields).toEqual({ starts_at: 'Укажите хотя бы одно время' });
  });
});

describe('booking a time', () => {
  it('books one offered time, withdraws the others and tells both sides', async () => {
    const boss = await adminUser();
    const { application, applicant, applicantRow } = await submitted();
    const [first, second] = await expectOk(offer(boss, application.id, [future(), future()]), 201);
    const booked = await expectOk(book(applicant, second.id), 200);
    expect([booked.status, booked.room_url]).toEqual(['booked', `/interview-conference/${second.id}`]);
    expect((await expectOk(mine(applicant), 200)).map((r) => [r.id, r.status])).toEqual([[second.id, 'booked']]);
    const [row] = await t.db.select().from(mentorInterviews).where(eq(mentorInterviews.id, first.id));
    expect(row.status).toBe('withdrawn');
    expect((await expectError(book(applicant, first.id), 409)).code).toBe('interview_not_offered');
    const [mail] = await waitForMail(t.db, applicantRow.email!, 'Видеоинтервью назначено');
    expect(mail.text).toContain(`/interview-conference/${second.id}`);
    const toAdmin = await t.db.select().from(notifications).where(eq(notifications.userId, boss.id));
    expect(toAdmin).toMatchObject([{ kind: 'interview_booked', payload: { url: '/admin/mentor-applications' } }]);
  });

  it("is 404 for someone else's interview and leaves it offered", async () => {
    const boss = await adminUser();
    const { application } = await submitted();
    const [offered] = await expectOk(offer(boss, application.id, [future()]), 201);
    const stranger = asUser(await createUser(t.db));
    await expectError(book(stranger, offered.id), 404);
    const [row] = await t.db.select().from(mentorInterviews).where(eq(mentorInterviews.id, offered.id));
    expect(row.status).toBe('offered');
  });

  it('never double-books an admin: of two applicants taking the same time at once, one wins', async () => {
    const boss = await adminUser();
    const at = future();
    const one = await submitted();
    const two = await submitted();
    const [a] = await expectOk(offer(boss, one.application.id, [at]), 201);
    const [b] = await expectOk(offer(boss, two.application.id, [new Date(at.getTime() + 10 * 60_000)]), 201);
    const results = await Promise.all([book(one.applicant, a.id), book(two.applicant, b.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(((await loser.json()) as unknown as { code: string }).code).toBe('interview_time_taken');
    // and the database refuses it whoever writes
    await expect(t.db.update(mentorInterviews).set({ status: 'booked' }).where(eq(mentorInterviews.id, loser === results[0] ? a.id : b.id))).rejects.toThrow();
  });
});

describe('the outcome', () => {
  it('is recorded only after the start, with what was checked for a held interview', async () => {
    const boss = await adminUser();
    const { application, applicant } = await submitted();
    const [offered] = await expectOk(offer(boss, application.id, [future()]), 201);
    await expectOk(book(applicant, offered.id), 200);
    expect((await expectError(outcome(boss, offered.id, held), 409)).code).toBe('interview_not_started');
    await begin(offered.id);
    const unchecked = await expectError(outcome(boss, offered.id, { outcome: 'held', note: '' }), 400);
    expect(unchecked.fields).toEqual({
      checked_identity: 'Отметьте, что проверили это на интервью',
      checked_experience: 'Отметьте, что проверили это на интервью',
      note: 'Опишите итог интервью',
    });
    const done = await expectOk(outcome(boss, offered.id, held), 200);
    expect([done.status, done.status_display, done.outcome_note, done.checked_sample_session]).toEqual(['held', 'Проведено', held.note, true]);
    expect((await expectError(outcome(boss, offered.id, { outcome: 'no_show' }), 409)).code).toBe('interview_not_booked');
    const list = await expectOk(admin(boss)['mentor-applications'].$get({ query: {} }), 200);
    expect(list.find((a) => a.id === application.id)?.interviews.map((i) => i.status)).toEqual(['held']);
  });

  it('lists the booked interviews of the coming days to admins', async () => {
    const boss = await adminUser();
    const { application, applicant } = await submitted();
    const at = new Date(Date.now() + 3 * HOUR);
    const [offered] = await expectOk(offer(boss, application.id, [at]), 201);
    expect((await expectOk(admin(boss)['mentor-interviews'].$get({ query: {} }), 200)).some((i) => i.id === offered.id)).toBe(false);
    await expectOk(book(applicant, offered.id), 200);
    const coming = await expectOk(admin(boss)['mentor-interviews'].$get({ query: { days: '1' } }), 200);
    expect(coming.find((i) => i.id === offered.id)).toMatchObject({ status: 'booked', applicant: { id: applicant.id, mentor_name: 'Анна' } });
    await expectError(apiAs(applicant, { trailingSlash: true }).admin['mentor-interviews'].$get({ query: {} }), 403);
  });
});

describe('approval and the badge', () => {
  it('needs a held interview, then verifies the mentor dated by it', async () => {
    const boss = await adminUser();
    const { application, applicant } = await submitted();
    expect(await expectError(approve(boss, application.id), 409)).toEqual({
      detail: 'Одобрить заявку можно после проведённого видеоинтервью: назначьте его и запишите итог',
      code: 'interview_required',
    });
    const [offered] = await expectOk(offer(boss, application.id, [future()]), 201);
    await expectOk(book(applicant, offered.id), 200);
    await begin(offered.id);
    await expectOk(outcome(boss, offered.id, { outcome: 'no_show', note: 'Не пришла' }), 200);
    expect((await expectError(approve(boss, application.id), 409)).code).toBe('interview_required');

    // a second round after the no-show, held this time
    const [again] = await expectOk(offer(boss, application.id, [future()]), 201);
    await expectOk(book(applicant, again.id), 200);
    await begin(again.id);
    await expectOk(outcome(boss, again.id, held), 200);
    await expectOk(approve(boss, application.id), 200);

    const [interview] = await t.db.select().from(mentorInterviews).where(eq(mentorInterviews.id, again.id));
    const [user] = await t.db.select().from(users).where(eq(users.id, applicant.id));
    expect([user.role, user.isVerified, user.verifiedAt?.toISOString()]).toEqual(['mentor', true, interview.startsAt.toISOString()]);
    const page = await expectOk(api.users[':id{[0-9]+}'].$get({ param: { id: String(applicant.id) } }), 200);
    expect([page.is_verified, page.verification]).toEqual([
      true,
      { interviewed_at: interview.startsAt.toISOString(), checked_identity: true, checked_experience: true, checked_sample_session: true },
    ]);
  });

  it('has no other way: the database refuses the flag, and an approval, without a held interview', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    await expect(t.db.update(users).set({ isVerified: true, verifiedAt: new Date() }).where(eq(users.id, mentor.id))).rejects.toThrow();
    await expect(t.db.update(users).set({ isVerified: true }).where(eq(users.id, mentor.id))).rejects.toThrow();
    await expect(createUser(t.db, { role: 'mentor', isVerified: true, verifiedAt: new Date() })).rejects.toThrow();
    const { application } = await submitted();
    await expect(t.db.update(mentorApplications).set({ status: 'approved' }).where(eq(mentorApplications.id, application.id))).rejects.toThrow();
    const page = await expectOk(api.users[':id{[0-9]+}'].$get({ param: { id: String(mentor.id) } }), 200);
    expect([page.is_verified, page.verification]).toEqual([false, null]);
  });
});

describe('the interview room', () => {
  const conf = (user: SessionUser | undefined) => apiAs(user, { trailingSlash: true }).conferences;
  const start = (user: SessionUser, id: number) =>
    conf(user)['update-from-salute-jazz'].$post({ json: { content_type: 'mentorinterview', object_id: id, status: 'started' } });
  const join = (user: SessionUser, id: number) => conf(user).get.$get({ query: { content_type: 'mentorinterview', object_id: String(id) } });
  const windowOf = (user: SessionUser, id: number) => conf(user).window.$get({ query: { content_type: 'mentorinterview', object_id: String(id) } });

  it('is the meetings’ room: the admin hosts, the applicant joins, in the window, nobody else', async () => {
    const boss = await adminUser();
    const { application, applicant } = await submitted();
    const [offered] = await expectOk(offer(boss, application.id, [future()]), 201);
    // an offer nobody took has no room yet
    expect((await expectError(join(applicant, offered.id), 409)).code).toBe('booking_not_paid');
    await expectOk(book(applicant, offered.id), 200);
    expect((await expectOk(windowOf(applicant, offered.id), 200)).state).toBe('before');
    expect((await expectError(start(boss, offered.id), 409)).code).toBe('conference_too_early');

    await begin(offered.id);
    expect((await expectError(start(applicant, offered.id), 403)).code).toBe('forbidden');
    await expectOk(start(boss, offered.id), 200);
    const host = await expectOk(join(boss, offered.id), 200);
    const guest = await expectOk(join(applicant, offered.id), 200);
    expect([host.role, guest.role, guest.title, guest.ws_path]).toEqual(['host', 'participant', 'Видеоинтервью с командой Формы', `/ws/conferences/mentorinterview/${offered.id}/`]);
    const stranger = asUser(await createUser(t.db));
    expect((await expectError(join(stranger, offered.id), 403)).code).toBe('forbidden');
    // and the join page learns who hosts
    const info = await expectOk(apiAs(applicant)['mentor-interviews'][':id'].$get({ param: { id: String(offered.id) } }), 200);
    expect([info.host_id, info.title]).toEqual([boss.id, 'Видеоинтервью с командой Формы']);
    await expectError(apiAs(stranger)['mentor-interviews'][':id'].$get({ param: { id: String(offered.id) } }), 404);
  });
});

describe('calling a booked interview off', () => {
  const cancel = (user: SessionUser | undefined, id: number) => apiAs(user, { trailingSlash: true })['mentor-interviews'][':id'].cancel.$post({ param: { id: String(id) } });
  const adminCancel = (user: SessionUser, id: number) => admin(user)['mentor-interviews'][':id'].cancel.$post({ param: { id: String(id) } });
  const statusOf = async (id: number) => (await t.db.select().from(mentorInterviews).where(eq(mentorInterviews.id, id)))[0].status;

  it('lets the applicant cancel before the start: the other offered times come back, the admin is told', async () => {
    const boss = await adminUser();
    const { application, applicant } = await submitted();
    const [first, second] = await expectOk(offer(boss, application.id, [future(), future()]), 201);
    await expectOk(book(applicant, first.id), 200);
    expect(await statusOf(second.id)).toBe('withdrawn');
    // nobody else may call it off
    await expectError(cancel(asUser(await createUser(t.db)), first.id), 404);
    expect((await expectOk(cancel(applicant, first.id), 200)).status).toBe('withdrawn');
    expect([await statusOf(first.id), await statusOf(second.id)]).toEqual(['withdrawn', 'offered']);
    expect((await expectOk(mine(applicant), 200)).map((r) => [r.id, r.status])).toEqual([[second.id, 'offered']]);
    const toAdmin = await t.db.select().from(notifications).where(eq(notifications.userId, boss.id));
    expect(toAdmin.map((n) => n.kind)).toContain('interview_canceled');
    // the room of the called-off time admits nobody
    expect((await expectError(apiAs(applicant, { trailingSlash: true }).conferences.get.$get({ query: { content_type: 'mentorinterview', object_id: String(first.id) } }), 409)).code).toBe('interview_canceled');
    // and the applicant picks the other time at once
    expect((await expectOk(book(applicant, second.id), 200)).status).toBe('booked');
  });

  it('refuses once the interview has begun, and lets an admin cancel with the applicant told', async () => {
    const boss = await adminUser();
    const { application, applicant, applicantRow } = await submitted();
    const [one] = await expectOk(offer(boss, application.id, [future()]), 201);
    await expectOk(book(applicant, one.id), 200);
    await begin(one.id);
    expect((await expectError(cancel(applicant, one.id), 409)).code).toBe('interview_started');
    const [later] = await t.db
      .update(mentorInterviews)
      .set({ startsAt: sql`now() + interval '3 days'`, endsAt: sql`now() + interval '3 days 30 minutes'` })
      .where(eq(mentorInterviews.id, one.id))
      .returning();
    expect((await expectOk(adminCancel(boss, later.id), 200)).status).toBe('withdrawn');
    const toApplicant = await t.db.select().from(notifications).where(eq(notifications.userId, applicantRow.id));
    expect(toApplicant.map((n) => n.kind)).toContain('interview_canceled');
    expect((await expectError(adminCancel(boss, later.id), 409)).code).toBe('interview_not_booked');
  });

  it('withdraws every interview of a rejected application, the booked one included', async () => {
    const boss = await adminUser();
    const { application, applicant } = await submitted();
    const [one, two] = await expectOk(offer(boss, application.id, [future(), future()]), 201);
    await expectOk(book(applicant, one.id), 200);
    await expectOk(admin(boss)['mentor-applications'][':id'].reject.$post({ param: { id: String(application.id) }, json: { reason: 'Опыт не подтвердился' } }), 200);
    expect([await statusOf(one.id), await statusOf(two.id)]).toEqual(['withdrawn', 'withdrawn']);
  });
});

describe('interviews the scheduler follows up', () => {
  /** a booked interview that ended an hour ago */
  const pastBooked = () => bookedAt(sql`now() - interval '90 minutes'`);
  const rowOf = async (id: number) => (await t.db.select().from(mentorInterviews).where(eq(mentorInterviews.id, id)))[0];
  async function cameIn(id: number, host: number, userIds: number[]) {
    const [room] = await t.db.insert(conferences).values({ contentType: 'mentorinterview', objectId: id, login: `interview-${id}`, password: 'x', createdBy: host, status: 'ended' }).returning();
    if (userIds.length) {
      await t.db.insert(conferenceAttendance).values(userIds.map((userId) => ({ conferenceId: room.id, userId, joinedAt: sql`now() - interval '85 minutes'`, leftAt: sql`now() - interval '62 minutes'` })));
    }
  }

  it('marks an applicant who never came a no-show, blames nobody when the admin did not come, leaves a held one to the admin', async () => {
    const absent = await pastBooked();
    const waitedAlone = await pastBooked();
    await t.db.insert(conferenceWaits).values({ contentType: 'mentorinterview', objectId: waitedAlone.id, userId: waitedAlone.applicant.id });
    const met = await pastBooked();
    await cameIn(met.id, met.boss.id, [met.boss.id, met.applicant.id]);

    expect(await judgeMissedInterviewsNow(bindings, t.db)).toBeGreaterThanOrEqual(2);
    expect(await rowOf(absent.id)).toMatchObject({ status: 'no_show', outcomeNote: AUTO_NO_SHOW_NOTE });
    expect((await rowOf(waitedAlone.id)).status).toBe('withdrawn');
    expect((await rowOf(met.id)).status).toBe('booked');
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, waitedAlone.applicant.id));
    expect(told.map((n) => n.kind)).toContain('interview_missed');
    // a second run changes nothing
    await judgeMissedInterviewsNow(bindings, t.db);
    expect((await rowOf(met.id)).status).toBe('booked');
    // and the admin may offer times again after the no-show
    await expectOk(offer(absent.boss, (await rowOf(absent.id)).applicationId, [future()]), 201);
  });

  it('reminds the applicant and the admin an hour before, with the room’s link', async () => {
    const { boss, applicant, id } = await bookedAt(sql`now() + interval '40 minutes'`);
    await sendDueReminders(bindings, t.db, new Date());
    for (const who of [applicant, boss]) {
      const [n] = await t.db.select().from(notifications).where(and(eq(notifications.userId, who.id), eq(notifications.kind, 'reminder')));
      expect(n.message).toMatch(/^Видеоинтервью с командой «Формы» начнётся в \d\d:\d\d/);
      expect(n.payload).toMatchObject({ url: `/interview-conference/${id}` });
    }
  });
});
