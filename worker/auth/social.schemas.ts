// Social sign-in input (decision 025), shared by the API and the web screens.
import { z } from 'zod';
import { consentVersion, passcodeSchema, remember, selfAssignableRoles } from './auth.schemas.ts';

export const SOCIAL_PROVIDERS = ['vk', 'google', 'yandex', 'telegram'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_INTENTS = ['sign_in', 'register', 'link'] as const;

export const socialProviderParam = z.object({ provider: z.enum(SOCIAL_PROVIDERS, { error: 'Такого способа входа нет' }) });

/** A ticket as it travels in /login?social_link= and /register?social_ticket= (base64url, 43 characters). */
const ticket = z
  .string({ error: 'Ссылка устарела: начните вход ещё раз' })
  .regex(/^[\w-]{8,200}$/, 'Ссылка устарела: начните вход ещё раз');

/**
 * POST /api/auth/social/{provider}/start/. `register` is the registration screen's button, so it carries the consent
 * (decision 017); `return_to` is kept only as a same-origin path.
 */
export const socialStartBody = z
  .object({
    intent: z.enum(SOCIAL_INTENTS, { error: 'Неизвестное действие' }),
    remember,
    return_to: z.string().max(2000).optional(),
    consent_version: consentVersion.optional(),
    role: z.enum(selfAssignableRoles).optional(),
  })
  .refine((b) => b.intent !== 'register' || b.consent_version !== undefined, { path: ['consent_version'], message: 'Необходимо принять политику' });

export const confirmLinkBody = z.object({ ticket, passcode: passcodeSchema });

export const socialRegisterBody = z.object({ ticket, consent_version: consentVersion, role: z.enum(selfAssignableRoles).optional(), remember });
