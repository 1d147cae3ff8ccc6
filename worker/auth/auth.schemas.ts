// Sign-in and registration input, shared by the API and the web forms (same rules, same messages).
import { z } from 'zod';
import { singleLineText } from '../lib/single-line.ts';

export const CODE_LENGTH = 4;

export const emailSchema = z
  .string({ error: 'Email обязателен' })
  .trim()
  .min(1, 'Email обязателен')
  .max(254, 'Неверный формат email')
  .pipe(z.email('Неверный формат email'))
  .transform((v) => v.toLowerCase());

export const phoneSchema = z
  .string({ error: 'Телефон обязателен' })
  .trim()
  .min(1, 'Телефон обязателен')
  .regex(/^\+7\d{10}$/, 'Неверный формат телефона');

export const passcodeSchema = z
  .string({ error: 'Введите код' })
  .trim()
  .regex(/^\d{4}$/, 'Код состоит из 4 цифр');

export const PERSON_NAME_MIN = 2;
export const PERSON_NAME_MAX = 50;

/**
 * A person's first name or surname, 2–50 characters on one line (spec 001 §5 and §9): the one rule of the account's
 * name, wherever it is typed (registration, the settings, the setup wizard) and wherever it is saved (PATCH
 * /api/users/me/ parses it through profile.schemas.ts), so no screen and no client can store a name another refuses.
 * Each screen words «required» and «too long» as the spec gives them; «Минимум 2 символа» is the spec's own.
 */
export const personName = (required = 'Поле обязательно для заполнения', tooLong = `Максимум ${PERSON_NAME_MAX} символов`) =>
  singleLineText(required).min(1, required).min(PERSON_NAME_MIN, `Минимум ${PERSON_NAME_MIN} символа`).max(PERSON_NAME_MAX, tooLong);

/** The registration step's wording (spec 001 §5, «Registration»). */
export const personNameSchema = personName();

/**
 * The edition of the privacy policy and the public offer (web/features/legal), published together: registration sends
 * the one the person saw, and the server keeps it with the account (legal_consents). A new text gets a new date here.
 */
export const LEGAL_DOCUMENTS_VERSION = '2026-11-28';

export const CONSENT_REQUIRED = 'Необходимо принять политику';

export const consentVersion = z.literal(LEGAL_DOCUMENTS_VERSION, {
  error: (issue) => (issue.input === undefined ? CONSENT_REQUIRED : 'Документы обновились: обновите страницу и примите их снова'),
});

/** «Запомнить меня»: false ends the session with the browser session (no expiry on the cookies); absent means true. */
export const remember = z.boolean().optional();

/** Sign-in is by e-mail (the spec's screens); accounts registered by phone sign in with the phone. */
export const requestLoginCodeBody = z.union([z.object({ email: emailSchema }), z.object({ phone: phoneSchema })]);
export const verifyLoginBody = z.union([
  z.object({ email: emailSchema, passcode: passcodeSchema, remember }),
  z.object({ phone: phoneSchema, passcode: passcodeSchema, remember }),
]);

/** Roles a person may pick when registering; admin is never self-assigned. */
export const selfAssignableRoles = ['mentee', 'mentor'] as const;

/**
 * POST /api/registration/register/: the spec's two shapes ({email, role} and {username, password, email})
 * plus registration by phone ({phone}). The password of the second shape is a fixed placeholder the old
 * client sends; sign-in is by code only, so it is accepted and ignored.
 */
export const registerBody = z.union([
  z.object({
    email: emailSchema,
    role: z.enum(selfAssignableRoles).optional(),
    username: z.string().max(150).optional(),
    password: z.string().max(256).optional(),
  }),
  z.object({ phone: phoneSchema, role: z.enum(selfAssignableRoles).optional() }),
])
  // beside the union, so a missing consent is the field's own message rather than the union's «Invalid input»
  .and(z.object({ consent_version: consentVersion }));

export const confirmRegistrationBody = z.union([
  z.object({ email: emailSchema, passcode: passcodeSchema, username: z.string().max(150).optional(), password: z.string().max(256).optional(), remember }),
  z.object({ phone: phoneSchema, passcode: passcodeSchema, remember }),
]);
