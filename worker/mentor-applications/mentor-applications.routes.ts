import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { parseId } from '../lib/owned.ts';
import { parseOrThrow, validate } from '../lib/validate.ts';
import { deliverInBackground } from '../mail/deliver.ts';
import { requireUser } from '../middleware/session.ts';
import { submittedMail } from './mentor-applications.mail.ts';
import { toMentorApplication } from './mentor-applications.mapper.ts';
import { adminEmails, createDraft, findLatestApplication, findOwnApplication, submitDraft, updateDraftPayload } from './mentor-applications.queries.ts';
import { mentorApplicationCreateBody, mentorApplicationPatchBody, mentorApplicationSubmitSchema } from './mentor-applications.schemas.ts';

const notFound = () => errors.notFound('Заявка не найдена');
const notDraft = (detail: string) => errors.conflict('application_not_draft', detail);

export const mentorApplicationsRoutes = new Hono<AppEnv>()
  .get('/mentor-applications/me', requireUser, async (c) => {
    const row = await findLatestApplication(c.var.db, c.var.user.id);
    if (!row) throw notFound();
    return c.json(toMentorApplication(row));
  })
  .post('/mentor-applications', requireUser, validate('json', mentorApplicationCreateBody), async (c) => {
    const row = await createDraft(c.var.db, c.var.user.id, c.req.valid('json').payload);
    if (!row) throw errors.conflict('application_exists', 'У вас уже есть заявка в работе');
    return c.json(toMentorApplication(row), 201);
  })
  .patch('/mentor-applications/:id', requireUser, validate('json', mentorApplicationPatchBody), async (c) => {
    const userId = c.var.user.id;
    const id = parseId(c.req.param('id'));
    const row = await updateDraftPayload(c.var.db, userId, id, c.req.valid('json').payload);
    if (row) return c.json(toMentorApplication(row));
    // nothing updated: either not this user's application at all, or no longer a draft
    if (!(await findOwnApplication(c.var.db, userId, id))) throw notFound();
    throw notDraft('Заявку можно изменить, только пока она в черновике');
  })
  .post('/mentor-applications/:id/submit', requireUser, async (c) => {
    const userId = c.var.user.id;
    const id = parseId(c.req.param('id'));
    const current = await findOwnApplication(c.var.db, userId, id);
    if (!current) throw notFound();
    if (current.status !== 'draft') throw notDraft('Отправить можно только черновик заявки');
    const payload = parseOrThrow(mentorApplicationSubmitSchema, current.payload, 'Заполните обязательные поля заявки');
    const row = await submitDraft(c.var.db, userId, id, current.payload);
    if (!row) throw errors.conflict('application_changed', 'Заявка изменилась во время отправки. Обновите страницу и попробуйте ещё раз');

    const admins = await adminEmails(c.var.db);
    const mail = submittedMail(row.id, `${payload.mentor_name} ${payload.mentor_surname}`, new URL(c.req.url).origin);
    deliverInBackground(c, async ({ email }) => {
      await Promise.all(admins.map((to) => email.sendEmail({ to, ...mail })));
    });
    return c.json(toMentorApplication(row));
  });
