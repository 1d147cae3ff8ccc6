// The vetting interview (decision 004): an admin offers times, the applicant books one, the admin records the
// outcome; approval (worker/moderation) then needs a held interview.
import { Hono } from 'hono';
import type { AppEnv, SignedInContext } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { parseId } from '../lib/owned.ts';
import { validate } from '../lib/validate.ts';
import { deliverInBackground } from '../mail/deliver.ts';
import { notifyNow } from '../notifications/notify.ts';
import { requireRole, requireUser } from '../middleware/session.ts';
import { REVOKED_REASON, revokeConferenceAccess } from '../conferences/room-control.ts';
import { interviewRoomUrl, toAdminInterview, toApplicantInterview } from './interviews.mapper.ts';
import {
  bookInterview,
  cancelBookedInterview,
  findApplicationStatus,
  findInterview,
  findPeople,
  interviewsOf,
  offerInterviews,
  ownInterviews,
  recordOutcome,
  upcomingInterviews,
} from './interviews.queries.ts';
import { INTERVIEW_TITLE, interviewOfferBody, interviewOutcomeBody, upcomingInterviewsQuery } from './interviews.schemas.ts';
import { interviewBookedMail, interviewOfferedMail, interviewWhen } from './mentor-applications.mail.ts';

const origin = (c: SignedInContext) => new URL(c.req.url).origin;
const notFound = () => errors.notFound('Интервью не найдено');

function mailTo(c: SignedInContext, to: string | null, mail: { subject: string; text: string }) {
  if (to) deliverInBackground(c, ({ email }) => email.sendEmail({ to, ...mail }));
}

/** Why a booked interview can't be called off: not the caller's (404), or no longer booked, or already begun (409). */
async function refuseCancel(c: SignedInContext, id: number, applicantId: number | null): Promise<never> {
  const row = await findInterview(c.var.db, id);
  const app = row && (await findApplicationStatus(c.var.db, row.applicationId));
  if (!row || !app || (applicantId !== null && app.userId !== applicantId)) throw notFound();
  if (row.status !== 'booked') throw errors.conflict('interview_not_booked', 'Это интервью уже не назначено');
  throw errors.conflict('interview_started', 'Интервью уже началось, отменить его нельзя');
}

/** After a booked interview was called off: its room lets everyone go, and the other side hears who called it off. */
async function calledOff(c: SignedInContext, row: { id: number; applicationId: number; adminId: number | null; startsAt: Date }, by: 'applicant' | 'admin') {
  await revokeConferenceAccess(c.env, 'mentorinterview', row.id, null, REVOKED_REASON.interviewCanceled);
  const app = await findApplicationStatus(c.var.db, row.applicationId);
  const people = await findPeople(c.var.db, [app!.userId, ...(row.adminId ? [row.adminId] : [])]);
  const applicant = people.find((p) => p.id === app!.userId)!;
  const admin = people.find((p) => p.id === row.adminId);
  if (by === 'applicant' && admin) {
    await notifyNow(c.env, c.var.db, [
      { userId: admin.id, kind: 'interview_canceled', message: `${applicant.firstName} ${applicant.lastName} отменил(а) интервью ${interviewWhen(row.startsAt, admin.timeZone)}.`.replace(/\s+/g, ' '), url: '/admin/mentor-applications', dedupeKey: `interview_canceled:${row.id}` },
    ]);
  }
  if (by === 'admin') {
    await notifyNow(c.env, c.var.db, [
      { userId: applicant.id, kind: 'interview_canceled', message: `Видеоинтервью ${interviewWhen(row.startsAt, applicant.timeZone)} отменено командой «Формы». Выберите другое время или дождитесь новых.`, url: '/become-mentor', dedupeKey: `interview_canceled:${row.id}` },
    ]);
  }
}

export const interviewsRoutes = new Hono<AppEnv>()
  .get('/mentor-applications/me/interviews', requireUser, async (c) => {
    const rows = await ownInterviews(c.var.db, c.var.user.id);
    return c.json(rows.map(toApplicantInterview));
  })
  // what the meeting's join page shows (web/features/conference): the host, the title, the start; for its two people only
  .get('/mentor-interviews/:id', requireUser, async (c) => {
    const row = await findInterview(c.var.db, parseId(c.req.param('id')));
    const app = row && (await findApplicationStatus(c.var.db, row.applicationId));
    if (!row || !app || (app.userId !== c.var.user.id && row.adminId !== c.var.user.id)) throw notFound();
    return c.json({ ...toApplicantInterview(row), host_id: row.adminId, title: INTERVIEW_TITLE });
  })
  .post('/mentor-interviews/:id/book', requireUser, async (c) => {
    const id = parseId(c.req.param('id'));
    const result = await bookInterview(c.var.db, c.var.user.id, id);
    if ('refused' in result) {
      if (result.refused === 'taken') throw errors.conflict('interview_time_taken', 'Это время уже занято. Выберите другое');
      if (result.refused === 'already_booked') throw errors.conflict('interview_already_booked', 'Вы уже записаны на интервью');
      const row = await findInterview(c.var.db, id);
      const app = row && (await findApplicationStatus(c.var.db, row.applicationId));
      if (!row || app?.userId !== c.var.user.id) throw notFound();
      throw errors.conflict('interview_not_offered', 'Это время больше недоступно. Обновите страницу и выберите другое');
    }
    const { interview } = result;
    const people = await findPeople(c.var.db, [c.var.user.id, ...(interview.adminId ? [interview.adminId] : [])]);
    const applicant = people.find((p) => p.id === c.var.user.id)!;
    const admin = people.find((p) => p.id === interview.adminId);
    const room = interviewRoomUrl(interview.id);
    const when = interviewWhen(interview.startsAt, applicant.timeZone);
    mailTo(c, applicant.email, interviewBookedMail(applicant.firstName, when, room, origin(c)));
    await notifyNow(c.env, c.var.db, [
      { userId: applicant.id, kind: 'interview_booked', message: `Видеоинтервью с командой «Формы» назначено на ${when}.`, url: room, dedupeKey: `interview_booked:${interview.id}` },
      ...(admin
        ? [{ userId: admin.id, kind: 'interview_booked', message: `${applicant.firstName} ${applicant.lastName} выбрал(а) время интервью: ${interviewWhen(interview.startsAt, admin.timeZone)}.`.trim(), url: '/admin/mentor-applications', dedupeKey: `interview_booked_admin:${interview.id}` }]
        : []),
    ]);
    return c.json(toApplicantInterview(interview));
  })
  // the applicant calls off their booked time before it begins; the other times offered with it come back to choose from
  .post('/mentor-interviews/:id/cancel', requireUser, async (c) => {
    const id = parseId(c.req.param('id'));
    const row = await cancelBookedInterview(c.var.db, id, c.var.user.id);
    if (!row) return refuseCancel(c, id, c.var.user.id);
    await calledOff(c, row, 'applicant');
    return c.json(toApplicantInterview(row));
  })
  .post('/admin/mentor-applications/:id/interviews', requireRole('admin'), validate('json', interviewOfferBody), async (c) => {
    const id = parseId(c.req.param('id'));
    const ids = await offerInterviews(c.var.db, id, c.var.user.id, c.req.valid('json').starts_at);
    const application = await findApplicationStatus(c.var.db, id);
    if (!application) throw errors.notFound('Заявка не найдена');
    if (!ids.length) {
      if (application.status !== 'submitted') throw errors.conflict('application_not_submitted', 'Заявка уже рассмотрена или ещё не отправлена');
      throw errors.conflict('interview_times_refused', 'Нечего предложить: время уже прошло, уже предложено или интервью уже назначено');
    }
    const rows = (await interviewsOf(c.var.db, [id])).filter((r) => ids.includes(r.id));
    const [applicant] = await findPeople(c.var.db, [application.userId]);
    const times = rows.map((r) => interviewWhen(r.startsAt, applicant.timeZone));
    mailTo(c, applicant.email, interviewOfferedMail(applicant.firstName, times, origin(c)));
    await notifyNow(c.env, c.var.db, [
      { userId: applicant.id, kind: 'interview_offered', message: 'Вам предложили время видеоинтервью с командой «Формы». Выберите удобное.', url: '/become-mentor', dedupeKey: `interview_offered:${ids[0]}` },
    ]);
    return c.json(rows.map(toAdminInterview), 201);
  })
  .post('/admin/mentor-interviews/:id/outcome', requireRole('admin'), validate('json', interviewOutcomeBody), async (c) => {
    const id = parseId(c.req.param('id'));
    const row = await recordOutcome(c.var.db, id, c.req.valid('json'));
    if (row) return c.json(toAdminInterview(row));
    const current = await findInterview(c.var.db, id);
    if (!current) throw notFound();
    if (current.status !== 'booked') throw errors.conflict('interview_not_booked', 'Итог уже записан, или время не было выбрано');
    throw errors.conflict('interview_not_started', 'Итог можно записать после начала интервью');
  })
  .post('/admin/mentor-interviews/:id/cancel', requireRole('admin'), async (c) => {
    const id = parseId(c.req.param('id'));
    const row = await cancelBookedInterview(c.var.db, id, null);
    if (!row) return refuseCancel(c, id, null);
    await calledOff(c, row, 'admin');
    return c.json(toAdminInterview(row));
  })
  .get('/admin/mentor-interviews', requireRole('admin'), validate('query', upcomingInterviewsQuery), async (c) => {
    const rows = await upcomingInterviews(c.var.db, c.req.valid('query').days);
    return c.json(
      rows.map((r) => ({
        ...toAdminInterview(r.interview),
        applicant: { id: r.applicant.id, email: r.applicant.email, mentor_name: r.applicant.firstName, mentor_surname: r.applicant.lastName },
      })),
    );
  });
