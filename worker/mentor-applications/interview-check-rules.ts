// The vetting interview's checks (decision 004), without zod: the mentor page's «Профиль подтверждён» badge lists them,
// and that page is a visitor's first page, which should not carry zod (decision 014).

/** What the admin checks in the interview: the outcome form's boxes and the badge's details. */
export const interviewChecks = {
  checked_identity: 'Личность: лицо и имя совпадают с документом',
  checked_experience: 'Опыт: рассказ о работе и примеры совпадают с анкетой',
  checked_sample_session: 'Пробная сессия: провёл(а) короткий разбор вопроса',
} as const;
export type InterviewCheck = keyof typeof interviewChecks;
