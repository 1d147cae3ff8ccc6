import type { InferResponseType } from 'hono/client';
import { api, specPath, toApiError, unwrap } from '../../lib/api-client.ts';
import type { EducationValues, WorkExperienceValues } from '../../components/work-education/work-education.types.ts';
import type { TaxProfileBody } from '../../../worker/tax-profiles/tax-profiles.schemas.ts';
import type { SocialProvider } from '../../components/social-provider-mark.tsx';

/* Calls of the settings screen (spec 001 §7) through the typed client. */

/** The user as GET/PATCH /api/users/me/ return it (the same shape as the session's user). */
export type ProfileUser = InferResponseType<typeof api.users.me.$get, 200>;

export type WorkExperience = InferResponseType<(typeof api)['work-experiences']['$get'], 200>[number];
export type Education = InferResponseType<typeof api.educations.$get, 200>[number];
export type PayoutToken = InferResponseType<typeof api.payments.tokens.$get, 200>[number];
export type NewPayoutToken = { payout_token: string; card_last4: string; card_type: string };

/** DELETE answers 204 without a body: only the failure has something to read. */
async function expectNoContent(response: Response | { ok: boolean; status: number; json(): Promise<unknown> }): Promise<void> {
  if (!response.ok) throw await toApiError(response);
}

/**
 * PATCH /api/users/me/ (multipart with only the changed fields); resolves with the updated user.
 * The FormData goes as the request's body: the route reads JSON or multipart itself (worker/lib/form-body.ts), so it
 * declares no `form` input for the client to type.
 */
export async function updateProfile(form: FormData): Promise<ProfileUser> {
  return unwrap(await api.users.me.$patch(undefined, { ...specPath, init: { body: form } }));
}

/** The account's phone (decision 013): a new number, its code, another code. */
export const phoneApi = {
  change: async (phone: string) => {
    const form = new FormData();
    form.set('phone', phone);
    return updateProfile(form);
  },
  confirm: async (passcode: string) => unwrap(await api.users.me.phone.confirm.$post({ json: { passcode } })),
  resend: async () => unwrap(await api.users.me.phone.resend.$post()),
};

type Owned<T> = T & { user_id?: number };
const workRoute = api['work-experiences'];

export const workExperienceApi = {
  list: async () => unwrap(await workRoute.$get()),
  create: async (json: Owned<WorkExperienceValues>) => unwrap(await workRoute.$post({ json })),
  update: async (id: number, json: Owned<WorkExperienceValues>) => unwrap(await workRoute[':id'].$patch({ param: { id: String(id) }, json })),
  remove: async (id: number) => expectNoContent(await workRoute[':id'].$delete({ param: { id: String(id) } })),
};

export const educationApi = {
  list: async () => unwrap(await api.educations.$get()),
  create: async (json: Owned<EducationValues>) => unwrap(await api.educations.$post({ json })),
  update: async (id: number, json: Owned<EducationValues>) => unwrap(await api.educations[':id'].$patch({ param: { id: String(id) }, json })),
  remove: async (id: number) => expectNoContent(await api.educations[':id'].$delete({ param: { id: String(id) } })),
};

export const payoutTokenApi = {
  list: async () => unwrap(await api.payments.tokens.$get()),
  create: async (json: NewPayoutToken) => unwrap(await api.payments.tokens.$post({ json })),
  remove: async (id: number) => expectNoContent(await api.payments.tokens[':id'].$delete({ param: { id: String(id) } })),
};

/** The mentor's tax status for payouts (decision 020). */
export type TaxProfile = InferResponseType<(typeof api)['tax-profile']['$get'], 200>;
const taxRoute = api['tax-profile'];

export const taxProfileApi = {
  get: async () => unwrap(await taxRoute.$get()),
  save: async (json: TaxProfileBody) => unwrap(await taxRoute.$put({ json })),
  /** asks YooKassa for the self-employed permission; the answer carries the confirmation page to send the mentor to */
  askPermission: async () => unwrap(await taxRoute['self-employed'].$post()),
};

/** The providers linked to the account (decision 025, «Способы входа»). */
export type LinkedIdentities = InferResponseType<typeof api.auth.identities.$get, 200>;

export const identitiesApi = {
  list: async () => unwrap(await api.auth.identities.$get()),
  /** refused (409) when it is the last way in: the server's words are shown as they are */
  unlink: async (provider: SocialProvider) => expectNoContent(await api.auth.identities[':provider'].$delete({ param: { provider } })),
};
