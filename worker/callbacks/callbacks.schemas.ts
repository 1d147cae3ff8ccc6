// «Перезвоните мне» from a landing's footer and the admins' call-back inbox. Pure: the web form imports it, so the
// form and the API refuse the same input with the same message.
import { z } from 'zod';
import { singleLineText } from '../lib/single-line.ts';
import { limitParam, offsetParam } from '../lib/list-params.ts';

export const CALLBACK_NAME_MAX = 100;
export const CALLBACK_PHONE_MAX = 32;
export const CALLBACK_INBOX_PAGE = 30;
export const CALLBACK_INBOX_PAGE_MAX = 100;

/** The phone as typed (spec 000 §5: free text with a format placeholder); only its digits are counted. */
const phoneDigits = (phone: string) => phone.replace(/\D/g, '').length;

/** POST /api/callback-requests/ */
export const callbackRequestBody = z.object({
  name: singleLineText('Укажите имя').min(1, 'Укажите имя').max(CALLBACK_NAME_MAX, `Имя — не длиннее ${CALLBACK_NAME_MAX} символов`),
  phone: singleLineText('Укажите телефон')
    .min(1, 'Укажите телефон')
    .max(CALLBACK_PHONE_MAX, 'Проверьте номер телефона')
    .regex(/^[0-9+()\-\s.]+$/, 'Номер может содержать только цифры, пробелы, скобки, «+» и «-»')
    .refine((phone) => phoneDigits(phone) >= 10 && phoneDigits(phone) <= 15, 'Проверьте номер: в нём должно быть от 10 до 15 цифр'),
  // the footer's box (spec 000 §5): the request is sent only with it ticked
  consent: z.literal(true, { error: 'Нужно согласие с политикой конфиденциальности' }),
});
export type CallbackRequestBody = z.input<typeof callbackRequestBody>;

/** GET /api/callback-requests/?status=waiting|done&offset=&limit= */
export const callbackInboxQuery = z.object({
  status: z.enum(['waiting', 'done']).default('waiting'),
  offset: offsetParam,
  limit: limitParam(CALLBACK_INBOX_PAGE, CALLBACK_INBOX_PAGE_MAX),
});

export const WAITLIST_PAGE = 30;
export const WAITLIST_PAGE_MAX = 100;
/** The pages that carry a waitlist form: the source is one of them, never a free text a visitor makes up. */
export const WAITLIST_SOURCES = ['/SuperpeerLanding'] as const;

/**
 * POST /api/waitlist-signups/: the livestream landing's «Sign up for free» (spec 002 §2.12). That page is English, so
 * its messages are too (decision 018).
 */
export const waitlistSignupBody = z.object({
  email: z
    .string({ error: 'Please enter your email address.' })
    .trim()
    .min(1, 'Please enter your email address.')
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
  source: z.enum(WAITLIST_SOURCES, { error: 'Unknown sign-up page.' }),
  consent: z.literal(true, { error: 'Please accept the privacy policy to sign up.' }),
});
export type WaitlistSignupBody = z.input<typeof waitlistSignupBody>;

/** GET /api/waitlist-signups/?offset=&limit= (admins) */
export const waitlistInboxQuery = z.object({
  offset: offsetParam,
  limit: limitParam(WAITLIST_PAGE, WAITLIST_PAGE_MAX),
});
