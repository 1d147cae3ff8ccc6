// Interviews nobody recorded an outcome for (decision 004, «The vetting interview»): half an hour after the end the
// scheduler reads the room's record (interviews.queries.ts, judgeMissedInterviews). An applicant who never came is a
// no-show, so the admin sees it and may offer times again; an applicant whose admin never came had no interview, and
// the time is withdrawn without blaming them. Both sides are told.
import type { Bindings } from '../env.ts';
import type { Db } from '../../drizzle/db.ts';
import { judgeMissedInterviews } from '../mentor-applications/interviews.queries.ts';
import { notifyNow, type NewNotification } from '../notifications/notify.ts';

const BATCH = 100;
const ADMIN_PAGE = '/admin/mentor-applications';

export async function judgeMissedInterviewsNow(env: Bindings, db: Db) {
  const { noShows, missedByAdmin } = await judgeMissedInterviews(db, BATCH);
  const notices: NewNotification[] = [
    ...noShows.flatMap((i) => [
      {
        userId: i.applicant_id,
        kind: 'interview_no_show',
        message: 'Вы не пришли на видеоинтервью с командой «Формы». Новое время предложит администратор — мы пришлём уведомление.',
        url: '/become-mentor',
        dedupeKey: `interview_judged:${i.id}`,
      },
      ...(i.admin_id
        ? [{ userId: i.admin_id, kind: 'interview_no_show', message: 'Кандидат не пришёл на интервью: отмечено автоматически. Можно предложить новое время.', url: ADMIN_PAGE, dedupeKey: `interview_judged:${i.id}` }]
        : []),
    ]),
    ...missedByAdmin.flatMap((i) => [
      {
        userId: i.applicant_id,
        kind: 'interview_missed',
        message: 'Видеоинтервью не состоялось: представитель команды «Формы» не подключился. Приносим извинения — мы предложим новое время.',
        url: '/become-mentor',
        dedupeKey: `interview_judged:${i.id}`,
      },
      ...(i.admin_id
        ? [{ userId: i.admin_id, kind: 'interview_missed', message: 'Интервью не состоялось: кандидат ждал, а вы не подключились. Предложите новое время.', url: ADMIN_PAGE, dedupeKey: `interview_judged:${i.id}` }]
        : []),
    ]),
  ];
  if (notices.length) await notifyNow(env, db, notices);
  return noShows.length + missedByAdmin.length;
}
