// Admin moderation of mentor applications (the spec leaves it out: "Moderation transitions … not shown").
import { notifyNow } from '../notifications/notify.ts';
import { Hono } from 'hono';
import type { AppEnv, SignedInContext } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { found, parseId } from '../lib/owned.ts';
import { validate } from '../lib/validate.ts';
import { deliverInBackground } from '../mail/deliver.ts';
import type { OutgoingEmail } from '../mail/outgoing.ts';
import { approvedMail, rejectedMail } from '../mentor-applications/mentor-applications.mail.ts';
import { requireRole } from '../middleware/session.ts';
import { toAdminInterview } from '../mentor-applications/interviews.mapper.ts';
import { interviewsOf } from '../mentor-applications/interviews.queries.ts';
import { REVOKED_REASON, revokeConferenceAccess } from '../conferences/room-control.ts';
import { toModerationItem, type Applicant } from './moderation.mapper.ts';
import { applicationExists, approveApplication, findApplicant, listForModeration, rejectApplication } from './moderation.queries.ts';
import { moderationListQuery, rejectBody } from './moderation.schemas.ts';

/** Why a decision did nothing: no such application (404), or it isn't waiting for one (409). */
async function notDecidable(c: SignedInContext, id: number): Promise<never> {
  if (!(await applicationExists(c.var.db, id))) throw errors.notFound('Заявка не найдена');
  throw errors.conflict('application_not_submitted', 'Заявка уже рассмотрена или ещё не отправлена');
}

/** Applicants registered by phone may have no e-mail yet; they see the decision on the page. */
function notifyApplicant(c: SignedInContext, applicant: Applicant, mail: Omit<OutgoingEmail, 'to'>) {
  const to = applicant.email;
  if (to) deliverInBackground(c, ({ email }) => email.sendEmail({ to, ...mail }));
}

const origin = (c: SignedInContext) => new URL(c.req.url).origin;

export const moderationRoutes = new Hono<AppEnv>()
  .get('/admin/mentor-applications', requireRole('admin'), validate('query', moderationListQuery), async (c) => {
    const { status, offset } = c.req.valid('query');
    const rows = await listForModeration(c.var.db, status, offset);
    const interviews = await interviewsOf(c.var.db, rows.map((r) => r.application.id));
    return c.json(
      rows.map((r) => ({
        ...toModerationItem(r.application, r.applicant),
        interviews: interviews.filter((i) => i.applicationId === r.application.id).map(toAdminInterview),
      })),
    );
  })
  .post('/admin/mentor-applications/:id/approve', requireRole('admin'), async (c) => {
    const id = parseId(c.req.param('id'));
    const result = await approveApplication(c.var.db, id, c.var.user.id);
    if (result === 'interview_required') throw errors.conflict('interview_required', 'Одобрить заявку можно после проведённого видеоинтервью: назначьте его и запишите итог');
    if (!result) return notDecidable(c, id);
    notifyApplicant(c, result.user, approvedMail(result.user.firstName, origin(c)));
    await notifyNow(c.env, c.var.db, [
      { userId: result.user.id, kind: 'application_approved', message: 'Ваша заявка наставника одобрена. Теперь вы можете создавать консультации и мероприятия.', url: '/CreateEntityPage', dedupeKey: `application_decided:${id}` },
    ]);
    return c.json(toModerationItem(result.application, result.user));
  })
  .post('/admin/mentor-applications/:id/reject', requireRole('admin'), validate('json', rejectBody), async (c) => {
    const id = parseId(c.req.param('id'));
    const { reason } = c.req.valid('json');
    const rejected = await rejectApplication(c.var.db, id, c.var.user.id, reason);
    if (!rejected) return notDecidable(c, id);
    const { application } = rejected;
    // a booked interview's room lets nobody in any more (its row is withdrawn); whoever is in it now is let go
    await Promise.all(rejected.closedRooms.map((room) => revokeConferenceAccess(c.env, 'mentorinterview', room, null, REVOKED_REASON.interviewCanceled)));
    // the applicant exists: deleting a user deletes their applications (foreign key cascade)
    const applicant = found(await findApplicant(c.var.db, application.userId));
    notifyApplicant(c, applicant, rejectedMail(applicant.firstName, reason, origin(c)));
    await notifyNow(c.env, c.var.db, [
      { userId: applicant.id, kind: 'application_rejected', message: `Заявка наставника отклонена: ${reason}`.slice(0, 1000), url: '/become-mentor', dedupeKey: `application_decided:${id}` },
    ]);
    return c.json(toModerationItem(application, applicant));
  });
