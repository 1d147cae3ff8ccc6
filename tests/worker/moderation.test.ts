import { notifications } from '../../drizzle/schema/notifications.ts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mentorInterviews } from '../../drizzle/schema/mentor-interviews.ts';
import { educations, mentorApplications, users, workExperiences } from '../../drizzle/schema/users.ts';
import { createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import { asUser, countMail, expectJson, send, waitForMail } from './json-api.ts';
import { apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();

const payload = {
  mentor_name: 'Мария',
  mentor_surname: 'Иванова',
  mentor_title: 't.me/maria_ux',
  mentor_tg_title: 'Заметки дизайнера',
  mentor_description: 'Помогаю дизайнерам расти: портфолио, собеседования, первые проекты.',
  mentor_skills: ['Figma', 'Портфолио'],
  mentor_specialization: 'UX/UI-дизайн',
  mentor_avatar_url: '/media/demo/avatars/maria.svg',
  work_experiences: [
    { company_name: 'Яндекс', position_title: 'Ведущий дизайнер', start_date: '2019-02-01', end_date: null },
    { company_name: 'Студия', position_title: 'Дизайнер', start_date: '2015-09-01', end_date: '2019-01-31' },
  ],
  educations: [{ university_name: 'ВШЭ', specialty: 'Дизайн', start_year: 2011, end_year: 2015 }],
};

/** An applicant with a submitted application, as the submit endpoint leaves it. */
async function submitted(values: { role?: 'mentee' | 'admin'; submittedAt?: Date; payload?: Record<string, unknown> } = {}) {
  const applicant = await createUser(t.db, { role: values.role ?? 'mentee', firstName: 'Старое', lastName: 'Имя' });
  const [application] = await t.db
    .insert(mentorApplications)
    .values({ userId: applicant.id, status: 'submitted', payload: (values.payload ?? payload) as Record<string, unknown>, submittedAt: values.submittedAt ?? new Date() })
    .returning();
  return { applicant, application };
}

/** An interview held with the applicant (the admin's outcome recorded), as approval needs (decision 004). */
async function heldInterview(applicationId: number, startsAt = new Date(Date.now() - 60 * 60_000)) {
  await t.db.insert(mentorInterviews).values({
    applicationId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    status: 'held',
    checkedIdentity: true,
    checkedExperience: true,
    outcomeNote: 'Всё сходится',
    outcomeAt: new Date(),
  });
}

async function adminUser() {
  return asUser(await createUser(t.db, { role: 'admin' }));
}

/** the typed client's moderation queue as this user (a visitor without one), on the spec's paths with the trailing slash */
const queueOf = (user?: SessionUser, { trailingSlash = true } = {}) => apiAs(user, { trailingSlash }).admin['mentor-applications'];
const queue = (user: SessionUser | undefined, query: { status?: 'submitted' | 'approved' | 'rejected' } = {}, options?: { trailingSlash?: boolean }) =>
  queueOf(user, options).$get({ query });
const approve = (user: SessionUser | undefined, id: number, options?: { trailingSlash?: boolean }) =>
  queueOf(user, options)[':id'].approve.$post({ param: { id: String(id) } });
const reject = (user: SessionUser | undefined, id: number, reason: string) => queueOf(user)[':id'].reject.$post({ param: { id: String(id) }, json: { reason } });
/** the applicant's own side */
const ownApplication = (user: SessionUser) => apiAs(user, { trailingSlash: true })['mentor-applications'];

describe('moderation access', () => {
  it('is 401 for a visitor and 403 for a mentee or mentor', async () => {
    const { application } = await submitted();
    const requests = [
      ['GET /api/admin/mentor-applications/', (user?: SessionUser) => queue(user)],
      ['POST …/approve/', (user?: SessionUser) => approve(user, application.id)],
      ['POST …/reject/', (user?: SessionUser) => reject(user, application.id, 'x')],
    ] as const;
    for (const role of ['mentee', 'mentor'] as const) {
      const user = asUser(await createUser(t.db, { role }));
      for (const [label, request] of requests) {
        expect((await expectError(request(user), 403)).code, label).toBe('forbidden');
      }
    }
    for (const [, request] of requests) await expectError(request(), 401);
    const [row] = await t.db.select().from(mentorApplications).where(eq(mentorApplications.id, application.id));
    expect(row.status).toBe('submitted');
  });
});

describe('moderation queue', () => {
  it('lists submitted applications oldest first, with the applicant', async () => {
    const admin = await adminUser();
    const older = await submitted({ submittedAt: new Date('2001-01-01T10:00:00Z') });
    const newer = await submitted({ submittedAt: new Date('2001-01-02T10:00:00Z') });
    const list = await expectOk(queue(admin), 200);
    const ids = list.map((a) => a.id);
    expect(ids.indexOf(older.application.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older.application.id)).toBeLessThan(ids.indexOf(newer.application.id));
    expect(list.find((a) => a.id === older.application.id)).toEqual<(typeof list)[number]>({
      id: older.application.id,
      status: 'submitted',
      status_display: 'На модерации',
      payload,
      rejection_reason: null,
      submitted_at: '2001-01-01T10:00:00.000Z',
      reviewed_at: null,
      interviews: [],
      user: { id: older.applicant.id, email: older.applicant.email, mentor_name: 'Старое', mentor_surname: 'Имя', mentor_avatar_url: null },
    });
  });

  it('filters by status and refuses an unknown one', async () => {
    const admin = await adminUser();
    const { application } = await submitted();
    await expectOk(reject(admin, application.id, 'Мало опыта'), 200);
    const rejected = await expectOk(queue(admin, { status: 'rejected' }, { trailingSlash: false }), 200);
    const found = rejected.find((a) => a.id === application.id);
    expect([found?.status, found?.status_display, found?.rejection_reason]).toEqual(['rejected', 'Отклонено', 'Мало опыта']);
    expect(rejected.every((a) => a.status === 'rejected')).toBe(true);
    const waiting = await expectOk(queue(admin), 200);
    expect(waiting.some((a) => a.id === application.id)).toBe(false);
    // a status the typed client would not send (the route types it as the three it knows)
    const bad = await expectJson(send('GET', '/api/admin/mentor-applications/?status=draft', { user: admin }), 400);
    expect(bad.fields).toEqual({ status: 'Некорректный статус' });
  });
});

describe('approving', () => {
  it('makes the applicant a mentor with the profile, work and education of the application, in one go', async () => {
    const admin = await adminUser();
    const { applicant, application } = await submitted();
    await heldInterview(application.id);
    await t.db.insert(workExperiences).values({ userId: applicant.id, positionTitle: 'Старая работа', companyName: 'Было', startDate: '2000-01-01' });
    await t.db.insert(educations).values({ userId: applicant.id, universityName: 'Старый вуз', specialty: 'Было', startYear: 1999 });

    const res = await expectOk(approve(admin, application.id), 200);
    expect([res.id, res.status, res.status_display, res.reviewed_at]).toEqual([application.id, 'approved', 'Подтверждено', expect.any(String)]);

    const [user] = await t.db.select().from(users).where(eq(users.id, applicant.id));
    expect(user).toMatchObject({
      role: 'mentor',
      firstName: 'Мария',
      lastName: 'Иванова',
      description: payload.mentor_description,
      skills: payload.mentor_skills,
      specialization: 'UX/UI-дизайн',
      telegramLink: 't.me/maria_ux',
      tgTitle: 'Заметки дизайнера',
      avatarUrl: '/media/demo/avatars/maria.svg',
    });
    const work = await t.db.select().from(workExperiences).where(eq(workExperiences.userId, applicant.id));
    expect(work.map((w) => [w.companyName, w.positionTitle, w.startDate, w.endDate]).sort()).toEqual([
      ['Студия', 'Дизайнер', '2015-09-01', '2019-01-31'],
      ['Яндекс', 'Ведущий дизайнер', '2019-02-01', null],
    ]);
    const study = await t.db.select().from(educations).where(eq(educations.userId, applicant.id));
    expect(study.map((e) => [e.universityName, e.specialty, e.startYear, e.endYear])).toEqual([['ВШЭ', 'Дизайн', 2011, 2015]]);
    const [row] = await t.db.select().from(mentorApplications).where(eq(mentorApplications.id, application.id));
    expect(row).toMatchObject({ status: 'approved', reviewedBy: admin.id });

    const [mail] = await waitForMail(t.db, applicant.email!, 'Заявка наставника одобрена');
    expect(mail.text).toContain('Здравствуйте, Мария!');
    expect(mail.text).toContain('одобрена');
  });

  it('is 409 the second time and 404 for an unknown id', async () => {
    const admin = await adminUser();
    const { applicant, application } = await submitted();
    await heldInterview(application.id);
    await expectOk(approve(admin, application.id), 200);
    const again = await expectError(approve(admin, application.id, { trailingSlash: false }), 409);
    expect(again).toEqual({ detail: 'Заявка уже рассмотрена или ещё не отправлена', code: 'application_not_submitted' });
    await expectError(approve(admin, 2147483647), 404);
    await waitForMail(t.db, applicant.email!, 'Заявка наставника одобрена');
    expect(await countMail(t.db, applicant.email!, 'Заявка наставника одобрена')).toBe(1);
  });

  it('does not approve a draft', async () => {
    const admin = await adminUser();
    const user = await createUser(t.db);
    const [draft] = await t.db.insert(mentorApplications).values({ userId: user.id, payload }).returning();
    await expectError(approve(admin, draft.id), 409);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.role).toBe('mentee');
  });

  it('never downgrades an admin, and leaves lists the application does not mention', async () => {
    const admin = await adminUser();
    const { mentor_name, mentor_surname, mentor_description, mentor_skills } = payload;
    const { applicant, application } = await submitted({ role: 'admin', payload: { mentor_name, mentor_surname, mentor_description, mentor_skills } });
    await heldInterview(application.id);
    await t.db.insert(workExperiences).values({ userId: applicant.id, positionTitle: 'Остаётся', companyName: 'Компания', startDate: '2010-01-01' });
    await expectOk(approve(admin, application.id), 200);
    const [user] = await t.db.select().from(users).where(eq(users.id, applicant.id));
    expect(user).toMatchObject({ role: 'admin', firstName: 'Мария', telegramLink: null });
    expect(await t.db.select().from(workExperiences).where(eq(workExperiences.userId, applicant.id))).toHaveLength(1);
  });
});

describe('rejecting', () => {
  it('needs a reason', async () => {
    const admin = await adminUser();
    const { application } = await submitted();
    // no reason at all, on purpose: the typed client would not send it
    const none = await expectJson(send('POST', `/api/admin/mentor-applications/${application.id}/reject/`, { user: admin, body: {} }), 400);
    expect(none.fields).toEqual({ reason: 'Укажите причину отказа' });
    const blank = await expectError(reject(admin, application.id, '   '), 400);
    expect(blank.fields).toEqual({ reason: 'Укажите причину отказа' });
    const long = await expectError(reject(admin, application.id, 'я'.repeat(1001)), 400);
    expect(long.fields).toEqual({ reason: 'Причина отказа не должна превышать 1000 символов' });
  });

  it('records the reason, e-mails it, and lets the applicant start a new draft', async () => {
    const admin = await adminUser();
    const { applicant, application } = await submitted();
    await heldInterview(application.id);
    const res = await expectOk(reject(admin, application.id, ' Добавьте опыт работы '), 200);
    expect([res.status, res.status_display, res.rejection_reason]).toEqual(['rejected', 'Отклонено', 'Добавьте опыт работы']);
    const [user] = await t.db.select().from(users).where(eq(users.id, applicant.id));
    expect(user.role).toBe('mentee');

    const [mail] = await waitForMail(t.db, applicant.email!, 'Заявка наставника отклонена');
    expect(mail.text).toContain('Причина: Добавьте опыт работы');
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, applicant.id));
    expect(notices).toMatchObject([{ kind: 'application_rejected', message: 'Заявка наставника отклонена: Добавьте опыт работы', payload: { url: '/become-mentor' } }]);

    const mine = await expectOk(ownApplication(asUser(applicant)).me.$get(), 200);
    expect([mine.id, mine.status, mine.rejection_reason]).toEqual([application.id, 'rejected', 'Добавьте опыт работы']);
    const fresh = await expectOk(ownApplication(asUser(applicant)).$post({ json: { payload } }), 201);
    expect((await expectOk(ownApplication(asUser(applicant)).me.$get(), 200)).id).toBe(fresh.id);
    await expectError(reject(admin, application.id, 'Ещё раз'), 409);
  });
});

describe('deciding concurrently', () => {
  it('lets exactly one of an approval and a rejection win', async () => {
    const [first, second] = [await adminUser(), await adminUser()];
    for (let round = 0; round < 3; round++) {
      const { applicant, application } = await submitted();
      await heldInterview(application.id);
      const [approved, rejected] = await Promise.all([approve(first, application.id), reject(second, application.id, 'Не подходит')]);
      expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
      const [row] = await t.db.select().from(mentorApplications).where(eq(mentorApplications.id, application.id));
      const [user] = await t.db.select().from(users).where(eq(users.id, applicant.id));
      if (approved.status === 200) expect([row.status, user.role]).toEqual(['approved', 'mentor']);
      else expect([row.status, row.rejectionReason, user.role]).toEqual(['rejected', 'Не подходит', 'mentee']);
    }
  });
});
