import type { InferResponseType } from 'hono/client';
import { api, ApiError, unwrap } from '../../lib/api-client.ts';
import { LEGAL_DOCUMENTS_VERSION } from '../../../worker/auth/auth.schemas.ts';

/** The signed-in user as the sign-in and registration calls return it (the shape of GET /api/users/me/). */
export type AuthUser = InferResponseType<typeof api.users.me.$get, 200>;

/** POST /api/auth/request_login_passcode/: the same answer whether or not the account exists. */
export async function requestLoginPasscode(email: string) {
  return unwrap(await api.auth.request_login_passcode.$post({ json: { email } }));
}

/**
 * POST /api/verify-passcode/verify_login/: sets the session cookies and returns the user; `remember` false keeps them
 * for this browser session only.
 */
export async function verifyLogin(email: string, passcode: string, remember = true): Promise<AuthUser> {
  return unwrap(await api['verify-passcode'].verify_login.$post({ json: { email, passcode, remember } }));
}

/** Registration by e-mail or by phone; the code goes out by e-mail or SMS. */
export type RegistrationContact = { email: string } | { phone: string };

/** POST /api/registration/register/, sent only with the consent ticked: the server keeps the edition accepted. */
export async function register(contact: RegistrationContact) {
  return unwrap(await api.registration.register.$post({ json: { ...contact, consent_version: LEGAL_DOCUMENTS_VERSION } }));
}

/** POST /api/registration/confirm_registration/: 201 (new) or 200 (existing account), user and cookies. */
export async function confirmRegistration(contact: RegistrationContact, passcode: string, remember = true): Promise<AuthUser> {
  return unwrap(await api.registration.confirm_registration.$post({ json: { ...contact, passcode, remember } }));
}

export type RegistrationProfile = { mentor_name?: string; mentor_surname?: string; phone?: string };

/** PATCH /api/users/me/ (multipart) with the registration profile step's non-empty trimmed fields. */
export async function saveRegistrationProfile(profile: RegistrationProfile): Promise<AuthUser> {
  const form = new FormData();
  for (const [key, value] of Object.entries(profile)) {
    const trimmed = value?.trim();
    if (trimmed) form.append(key, trimmed);
  }
  // The route reads multipart itself (no validator), so the typed call carries the form as its body.
  return unwrap(await api.users.me.$patch(undefined, { init: { body: form } }));
}

/**
 * POST /api/auth/social/confirm-link/ (decision 025): the code e-mailed to the account a provider's verified e-mail
 * matched proves the person owns it; the provider is linked and the session cookies are set.
 */
export async function confirmSocialLink(ticket: string, passcode: string): Promise<AuthUser> {
  return unwrap(await api.auth.social['confirm-link'].$post({ json: { ticket, passcode } }));
}

/** POST /api/auth/social/register/: a provider's person without an account registers once the consent is given. */
export async function registerThroughProvider(ticket: string, remember: boolean): Promise<AuthUser> {
  return unwrap(await api.auth.social.register.$post({ json: { ticket, consent_version: LEGAL_DOCUMENTS_VERSION, role: 'mentee', remember } }));
}

/** Rate limiting answers with its own Russian detail ('try again in N minutes'), worth showing as is. */
export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 429 || error.code === 'rate_limited');
}

/** A connection failure already carries a message for people ('Нет соединения с сервером…'). */
export function isNetworkError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 0;
}
