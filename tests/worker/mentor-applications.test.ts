import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mentorApplications } from '../../drizzle/schema/users.ts';
import { submitDraft } from '../../worker/mentor-applications/mentor-applications.queries.ts';
import { createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { asUser, expectJson, send, waitForMail } from './json-api.ts';
import { api, apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();

const completePayload = {
  mentor_name: 'Анна',
  mentor_surname: 'Соколова',
  mentor_title: '@anna_design',
  mentor_description: 'Продуктовый дизайнер, десять лет в интерфейсах и исследованиях.',
  mentor_skills: ['Figma', 'UX-исследования'],
  mentor_specialization: 'Продуктовый дизайн',
  work_experiences: [{ company_name: 'Студия', position_title: 'Дизайнер', start_date: '2015-01-01', end_date: null }],
  educations: [{ university_name: 'МГУ', specialty: 'Дизайн', start_year: 2008, end_year: 2013 }],
};

type Person = { id: number; role: 'mentee' | 'mentor' | 'admin' };
type Payload = InferRequestType<(typeof api)['mentor-applications']['$post']>['json']['payload'];
/** the typed client's mentor applications as this user (a visitor without one), on the spec's paths with the trailing slash */
const applicationsOf = (user?: Person, { trailingSlash = true } = {}) => apiAs(user && asUser(user), { trailingSlash })['mentor-applications'];
const create = (user: Person | undefined, payload: Payload = {}) => applicationsOf(user).$post({ json: { payload } });
const update = (user: Person | undefined, id: number | string, payload: NonNullable<Payload>) =>
  applicationsOf(user)[':id'].$patch({ param: { id: String(id) }, json: { payload } });
const submit = (user: Person | undefined, id: number, options?: { trailingSlash?: boolean }) =>
  applicationsOf(user, options)[':id'].submit.$post({ param: { id: String(id) } });
const mine = (user?: Person, options?: { trailingSlash?: boolean }) => applicationsOf(user, options).me.$get();

async function userWithDraft(payload: Payload = {}) {
  const user = await createUser(t.db);
  const draft = await expectOk(create(user, payload), 201);
  return { user, draft };
}

describe('mentor application of the signed-in user', () => {
  it('is 401 for a visitor', async () => {
    await expectError(mine(), 401);
    await expectError(create(undefined, {}), 401);
    await expectError(update(undefined, 1, {}), 401);
    await expectError(submit(undefined, 1), 401);
  });

  it('answers 404 in the envelope when there is none yet', async () => {
    const user = await createUser(t.db);
    const res = await expectError(mine(user), 404);
    expect(res).toEqual({ detail: 'Заявка не найдена', code: 'not_found' });
  });

  it('creates a draft, also empty, and shows it as the current application', async () => {
    const user = await createUser(t.db);
    // no body at all, which the typed client never sends (it writes the JSON it is given)
    const draft = await expectJson<InferResponseType<(typeof api)['mentor-applications']['$post'], 201>>(send('POST', '/api/mentor-applications', { user: asUser(user) }), 201);
    expect(draft).toEqual<typeof draft>({
      id: expect.any(Number),
      status: 'draft',
      status_display: 'Черновик',
      payload: {},
      rejection_reason: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      submitted_at: null,
      reviewed_at: null,
    });
    expect(await expectOk(mine(user, { trailingSlash: false }), 200)).toEqual(draft);
  });

  it('keeps one application in progress: a second create is 409, also when both race', async () => {
    const { user } = await userWithDraft();
    const again = await expectError(create(user, {}), 409);
    expect(again).toEqual({ detail: 'У вас уже есть заявка в работе', code: 'application_exists' });

    const racer = await createUser(t.db);
    const both = await Promise.all([1, 2].map(() => create(racer, {})));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('saves drafts leniently but caps lengths and checks the lists with the shared schemas', async () => {
    const user = await createUser(t.db);
    const res = await expectError(
      create(user, {
        mentor_name: 'А'.repeat(51),
        mentor_description: 'о'.repeat(501),
        mentor_skills: Array.from({ length: 21 }, (_, i) => `Навык ${i}`),
        mentor_avatar_url: 'javascript:alert(1)',
        work_experiences: [{ company_name: 'Студия', position_title: 'Дизайнер', start_date: '2020-01-01', end_date: '2019-01-01' }],
        educations: [{ university_name: 'МГУ', specialty: '', start_year: 2010 }],
      }),
      400,
    );
    expect(res.fields).toEqual({
      'payload.mentor_name': 'Максимум 50 символов',
      'payload.mentor_description': 'Максимум 500 символов',
      'payload.mentor_skills': 'Не больше 20 навыков',
      'payload.mentor_avatar_url': 'Некорректная ссылка на изображение',
      'payload.work_experiences.0.end_date': 'Дата окончания не может быть раньше даты начала',
      'payload.educations.0.specialty': 'Специальность обязательна для заполнения',
    });
    const tooMany = await expectError(create(user, { work_experiences: Array(31).fill(completePayload.work_experiences[0]) }), 400);
    expect(tooMany.fields).toEqual({ 'payload.work_experiences': 'Не больше 30 мест работы' });
    // 99 characters typed, 104 once normalised to t.me/handle: too long for the profile it is copied to
    const link = await expectError(create(user, { mentor_title: `@${'a'.repeat(98)}` }), 400);
    expect(link.fields).toEqual({ 'payload.mentor_title': 'Ссылка не должна превышать 100 символов' });
  });

  it('updates its own draft, replacing the payload; another user gets 404', async () => {
    const { user, draft } = await userWithDraft({ mentor_name: 'Анна', mentor_skills: ['Figma'] });
    const updated = await expectOk(update(user, draft.id, { mentor_surname: 'Соколова', mentor_title: 'https://t.me/anna' }), 200);
    expect(updated.payload).toEqual({ mentor_surname: 'Соколова', mentor_title: 't.me/anna' });
    const stranger = await createUser(t.db);
    const res = await expectError(update(stranger, draft.id, {}), 404);
    expect(res.code).toBe('not_found');
    await expectError(submit(stranger, draft.id), 404);
  });

  it('refuses to submit an incomplete application, naming each payload field', async () => {
    const { user, draft } = await userWithDraft({ mentor_name: '  ', mentor_description: 'Коротко о себе', mentor_skills: [] });
    const res = await expectError(submit(user, draft.id), 400);
    expect(res).toEqual({
      detail: 'Заполните обязательные поля заявки',
      code: 'validation_error',
      fields: {
        mentor_name: 'Обязательное поле',
        mentor_surname: 'Обязательное поле',
        mentor_description: 'Минимум 30 символов',
        mentor_skills: 'Добавьте навык',
      },
    });
    const [row] = await t.db.select().from(mentorApplications).where(eq(mentorApplications.id, draft.id));
    expect(row.status).toBe('draft');
  });

  it('holds the names to the account’s rule, 2 to 50 characters, since approval copies them onto the profile (issue 41)', async () => {
    const { user, draft } = await userWithDraft({ ...completePayload, mentor_name: 'Б', mentor_surname: ' С ' });
    const res = await expectError(submit(user, draft.id), 400);
    expect(res.fields).toEqual({ mentor_name: 'Минимум 2 символа', mentor_surname: 'Минимум 2 символа' });
  });

  it('submits a complete draft, e-mails every admin, and then refuses edits and a second submit', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const otherAdmin = await createUser(t.db, { role: 'admin' });
    const { user, draft } = await userWithDraft(completePayload);
    const submitted = await expectOk(submit(user, draft.id, { trailingSlash: false }), 200);
    expect([submitted.id, submitted.status, submitted.status_display, submitted.submitted_at]).toEqual([draft.id, 'submitted', 'На модерации', expect.any(String)]);

    for (const to of [admin.email!, otherAdmin.email!]) {
      const mails = await waitForMail(t.db, to, 'Новая заявка наставника');
      expect(mails.some((m) => m.text.includes('Анна Соколова') && m.text.includes(`№ ${draft.id}`))).toBe(true);
    }

    const patch = await expectError(update(user, draft.id, {}), 409);
    expect(patch).toEqual({ detail: 'Заявку можно изменить, только пока она в черновике', code: 'application_not_draft' });
    const again = await expectError(submit(user, draft.id), 409);
    expect(again.code).toBe('application_not_draft');
    await expectError(create(user, {}), 409);
    expect((await expectOk(mine(user), 200)).status).toBe('submitted');
  });

  it('submits only the payload the rule was checked on (an edit saved in between wins)', async () => {
    const { user, draft } = await userWithDraft(completePayload);
    expect(await submitDraft(t.db, user.id, draft.id, { ...draft.payload, mentor_skills: [] })).toBeNull();
    // jsonb equality: the stored payload with its keys in another order is the same payload
    const reordered = Object.fromEntries(Object.entries(draft.payload).reverse());
    expect((await submitDraft(t.db, user.id, draft.id, reordered))?.status).toBe('submitted');
  });

  it('answers 404 for ids that name nothing', async () => {
    const user = await createUser(t.db);
    await expectError(update(user, 'me', {}), 404);
    await expectError(submit(user, 2147483647), 404);
  });
});
