import { personNameSchema } from '../../../worker/auth/auth.schemas.ts';
import { normalizePhone, formatPhone } from '../../lib/phone.ts';

export type AnswerCheck = { ok: true; text: string; value: string } | { ok: false; error: string };

export const REQUIRED = 'Поле обязательно для заполнения';

/** Steps 1–4 and the free-text optional ones (spec 002 §5.5). */
export function checkTextAnswer(step: number, raw: string): AnswerCheck {
  const value = raw.trim();
  switch (step) {
    case 1:
    case 2: {
      // the account's name rule, 2–50, which PATCH /api/users/me/ applies when the wizard saves (issue 41)
      const name = personNameSchema.safeParse(value);
      return name.success ? { ok: true, text: name.data, value: name.data } : { ok: false, error: name.error.issues[0]?.message ?? REQUIRED };
    }
    case 3: {
      if (!value) return { ok: false, error: 'Введите номер телефона' };
      // The wizard accepts any spelling of the number, but the profile stores Russian numbers as +7XXXXXXXXXX,
      // so a number that cannot be read as one is caught here rather than when the profile is saved.
      const phone = normalizePhone(value);
      return phone ? { ok: true, text: formatPhone(phone), value: phone } : { ok: false, error: 'Неверный формат телефона' };
    }
    case 4:
      if (!value) return { ok: false, error: 'Введите email' };
      return value.includes('@') ? { ok: true, text: value, value } : { ok: false, error: 'Email должен содержать «@»' };
    default:
      return value ? { ok: true, text: value, value } : { ok: false, error: 'Напишите ответ или нажмите «Пропустить»' };
  }
}
