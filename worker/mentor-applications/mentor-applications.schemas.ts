// The mentor application form ("Стать наставником", spec 001 sections 3 and 5), shared by the API and the
// web form. A draft may be saved half-filled (only lengths are capped); submitting needs the submit rule.
import { z } from 'zod';
import { personName } from '../auth/auth.schemas.ts';
import { educationInputSchema } from '../educations/educations.schemas.ts';
import { singleLineText } from '../lib/single-line.ts';
import { telegramLinkSchema } from '../profile/profile.schemas.ts';
import { workExperienceInputSchema } from '../work-experiences/work-experiences.schemas.ts';

export const mentorApplicationStatuses = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type MentorApplicationStatus = (typeof mentorApplicationStatuses)[number];

export const mentorApplicationStatusLabels: Record<MentorApplicationStatus, string> = {
  draft: 'Черновик',
  submitted: 'На модерации',
  approved: 'Подтверждено',
  rejected: 'Отклонено',
};

export const MENTOR_DESCRIPTION_MIN = 30;
export const MENTOR_DESCRIPTION_MAX = 500;
export const MENTOR_SKILLS_MAX = 20;
export const MENTOR_APPLICATION_LIST_MAX = 30;

const maxMessage = (max: number) => `Максимум ${max} символов`;
// null is accepted as "empty" too: forms often send it for a cleared field
const text = (max: number) => z.string().trim().max(max, maxMessage(max)).nullish();
/** names, titles, tags: one line (lib/single-line.ts) */
const line = (max: number) => singleLineText().max(max, maxMessage(max)).nullish();

export const mentorApplicationPayloadSchema = z.object({
  mentor_name: line(50),
  mentor_surname: line(50),
  /** the Telegram link, normalised to t.me/handle like the profile's; checked again after the prefix is
   * added, since approval copies it into users.telegram_link (varchar 100) */
  mentor_title: telegramLinkSchema.pipe(z.string().max(100, 'Ссылка не должна превышать 100 символов')).nullish(),
  mentor_description: text(MENTOR_DESCRIPTION_MAX),
  mentor_skills: z
    .array(singleLineText().min(1, 'Навык не может быть пустым').max(50, 'Навык не длиннее 50 символов'))
    .max(MENTOR_SKILLS_MAX, `Не больше ${MENTOR_SKILLS_MAX} навыков`)
    .nullish(),
  mentor_work_experience: text(500),
  mentor_education_tags: z
    .array(singleLineText().min(1, 'Тег не может быть пустым').max(50, 'Тег не длиннее 50 символов'))
    .max(20, 'Не больше 20 тегов')
    .nullish(),
  /** an uploaded image (our own path) or an http(s) address; never javascript: and the like */
  mentor_avatar_url: singleLineText()
    .max(2048, 'Слишком длинная ссылка')
    .refine((v) => v === '' || /^(https?:\/\/|\/(?!\/))/i.test(v), 'Некорректная ссылка на изображение')
    .nullish(),
  mentor_tg_title: line(100),
  mentor_specialization: line(255),
  work_experiences: z.array(workExperienceInputSchema).max(MENTOR_APPLICATION_LIST_MAX, `Не больше ${MENTOR_APPLICATION_LIST_MAX} мест работы`).nullish(),
  educations: z.array(educationInputSchema).max(MENTOR_APPLICATION_LIST_MAX, `Не больше ${MENTOR_APPLICATION_LIST_MAX} мест учёбы`).nullish(),
});
export type MentorApplicationPayload = z.output<typeof mentorApplicationPayloadSchema>;

/** What "Отправить" needs on top of a valid draft; errors are keyed by the payload's field names. */
export const mentorApplicationSubmitSchema = z.object({
  // approval copies the names onto the profile: the account's name rule, 2–50 (auth.schemas.ts), in this form's words
  mentor_name: personName('Обязательное поле'),
  mentor_surname: personName('Обязательное поле'),
  mentor_description: z
    .string({ error: `Минимум ${MENTOR_DESCRIPTION_MIN} символов` })
    .trim()
    .min(MENTOR_DESCRIPTION_MIN, `Минимум ${MENTOR_DESCRIPTION_MIN} символов`)
    .max(MENTOR_DESCRIPTION_MAX, maxMessage(MENTOR_DESCRIPTION_MAX)),
  mentor_skills: z.array(z.string(), { error: 'Добавьте навык' }).min(1, 'Добавьте навык'),
});

/** POST /api/mentor-applications/: the page may create an empty draft and fill it in later. */
export const mentorApplicationCreateBody = z.object({ payload: mentorApplicationPayloadSchema.default({}) });

/** PATCH /api/mentor-applications/{id}/: the whole form; it replaces the stored payload. */
export const mentorApplicationPatchBody = z.object({ payload: mentorApplicationPayloadSchema });
