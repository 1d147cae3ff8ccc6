// The vetting interview of a mentor application (decision 004), shared by the API and the admin's and
// applicant's screens.
import { z } from 'zod';

/** the interview's length, as the landings promise («Видеоинтервью 30 минут»); the table's CHECK holds the same */
export const INTERVIEW_MINUTES = 30;
/** what the interview is called wherever it is named: its room, its reminders, its page */
export const INTERVIEW_TITLE = 'Видеоинтервью с командой Формы';
/** times offered at once */
export const INTERVIEW_OFFERS_MAX = 5;
export const INTERVIEW_NOTE_MAX = 1000;

export const interviewStatuses = ['offered', 'booked', 'held', 'no_show', 'withdrawn'] as const;
export type InterviewStatus = (typeof interviewStatuses)[number];

export const interviewStatusLabels: Record<InterviewStatus, string> = {
  offered: 'Предложено время',
  booked: 'Назначено',
  held: 'Проведено',
  no_show: 'Кандидат не пришёл',
  withdrawn: 'Не выбрано',
};

// the checks live without zod, for the mentor page's badge (decision 014)
export { interviewChecks, type InterviewCheck } from './interview-check-rules.ts';

const startsAt = z.iso.datetime({ offset: true, error: 'Некорректные дата или время' });

export const interviewOfferBody = z.object({
  starts_at: z
    .array(startsAt, { error: 'Укажите время интервью' })
    .min(1, 'Укажите хотя бы одно время')
    .max(INTERVIEW_OFFERS_MAX, `Не больше ${INTERVIEW_OFFERS_MAX} вариантов за раз`),
});

export const interviewOutcomeBody = z
  .object({
    outcome: z.enum(['held', 'no_show'], { error: 'Укажите, состоялось ли интервью' }),
    note: z.string().trim().max(INTERVIEW_NOTE_MAX, `Заметка не должна превышать ${INTERVIEW_NOTE_MAX} символов`).default(''),
    checked_identity: z.boolean().default(false),
    checked_experience: z.boolean().default(false),
    checked_sample_session: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.outcome !== 'held') return;
    for (const key of ['checked_identity', 'checked_experience'] as const) {
      if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'Отметьте, что проверили это на интервью' });
    }
    if (!v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'Опишите итог интервью' });
  });
export type InterviewOutcomeBody = z.infer<typeof interviewOutcomeBody>;

export const upcomingInterviewsQuery = z.object({
  days: z.coerce.number({ error: 'Некорректный период' }).int('Некорректный период').min(1, 'Некорректный период').max(60, 'Некорректный период').default(14),
});
