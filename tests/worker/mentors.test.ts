// Public mentor pages: the list with its filters and counts, the detail, random mentors, consultation
// types. Each test names its mentors with a unique word and searches for it.
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationTypes } from '../../drizzle/schema/consultations.ts';
import { userReviews } from '../../drizzle/schema/reviews.ts';
import { caseImages, educations, mentorApplications, mentorFavorites, users, workExperiences } from '../../drizzle/schema/users.ts';
import { mentorPageQuery } from '../../worker/mentors/mentors.queries.ts';
import { mentorListQuery, priceSteps } from '../../worker/mentors/mentors.schemas.ts';
import { createEvent, createUser } from '../factories.ts';
import { verifyThroughInterview } from '../verified-mentor.ts';
import { explainPlan, useTestDb } from './helpers.ts';
import type { InferRequestType } from 'hono/client';
import { asUser, expectJson, send } from './json-api.ts';
import { api, apiAs, expectError, expectOk } from './typed-api.ts';
import { NO_BOOKING_RULES } from '../../worker/consultation-types/consultation-types.schemas.ts';

const t = useTestDb();
const DAY = 86_400_000;

function token() {
  return `zm${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 8)}x`;
}

const mentor = (values: Partial<typeof users.$inferInsert> = {}) => createUser(t.db, { role: 'mentor', ...values });
// `category` is required in the typed query (its schema preprocesses an unknown input); [] sends none, as the SPA does
type MentorListQuery = Partial<InferRequestType<typeof api.users.$get>['query']>;
/** the spec's own paths, with the trailing slash */
const specApi = apiAs(undefined, { trailingSlash: true });
const list = (query: MentorListQuery, user?: Parameters<typeof asUser>[0]) =>
  expectOk(apiAs(user && asUser(user), { trailingSlash: true }).users.$get({ query: { category: [], ...query } }), 200);
const ids = (body: { results: { id: number }[] }) => body.results.map((m) => m.id);

/** the mentor's consultation types at these costs: the card's price is derived from them (migration 0033) */
async function offer(mentorId: number, ...costs: number[]) {
  await t.db.insert(consultationTypes).values(costs.map((c, i) => ({ mentorId, name: `Тип ${i + 1}`, costs: c })));
}

async function review(toUserId: number, stars: number) {
  const author = await createUser(t.db);
  await t.db.insert(userReviews).values({ toUserId, authorId: author.id, text: 'Отзыв', stars });
}

describe('mentor list', () => {
  it('answers MentorCard items with counts, only mentors, for visitors', async () => {
    const word = token();
    const m = await mentor({
      firstName: 'Ольга',
      lastName: 'Смирнова',
      tgTitle: `${word} дизайн`,
      telegramLink: 'https://t.me/olga',
      description: 'Помогаю дизайнерам',
      specialization: 'Продуктовый дизайн',
      skills: ['Figma', 'UX'],
      category: 'Карьера',
    });
    await verifyThroughInterview(t.db, m.id);
    await offer(m.id, 3000, 4500);
    await createUser(t.db, { role: 'mentee', tgTitle: `${word} ученик` });
    await review(m.id, 5);
    await review(m.id, 4);
    await createEvent(t.db, m.id, { startsAt: new Date(Date.now() + DAY) });
    await createEvent(t.db, m.id, { startsAt: new Date(Date.now() + 2 * DAY) });
    await createEvent(t.db, m.id, { startsAt: new Date(Date.now() + 3 * DAY), isCanceled: true });
    await createEvent(t.db, m.id, { startsAt: new Date(Date.now() - 3 * DAY) });
    const fan = await createUser(t.db);
    await t.db.insert(mentorFavorites).values({ userId: fan.id, mentorId: m.id });
    const body = await list({ search: word });
    expect(body).toEqual({
      count: 1,
      has_more: false,
      price_range: { min: expect.any(Number), max: expect.any(Number) },
      results: [
        {
          id: m.id,
          mentor_name: 'Ольга',
          mentor_surname: 'Смирнова',
          mentor_avatar_url: null,
          mentor_title: 'https://t.me/olga',
          mentor_tg_title: `${word} дизайн`,
          mentor_description: 'Помогаю дизайнерам',
          mentor_specialization: 'Продуктовый дизайн',
          mentor_skills: ['Figma', 'UX'],
          category: 'Карьера',
          price: 3000,
          is_verified: true,
          rating: '4.5',
          reviews_count: 2,
          events_count: 2,
          favorites_count: 1,
          is_favorite: false,
          favorite_id: null,
          // decision 021: not counted yet
          reliability: null,
        },
      ],
    });
    const [own] = (await list({ search: word }, fan)).results;
    expect(own.is_favorite).toBe(true);
    expect(own.favorite_id).toEqual(expect.any(Number));
    expect(await expectOk(api.users.$get({ query: { category: [], search: word } }), 200)).toEqual(body);
  });

  it("rates '5.0' without reviews and rounds the average to one decimal", async () => {
    const word = token();
    const none = await mentor({ tgTitle: word });
    const some = await mentor({ tgTitle: word });
    for (const s of [5, 4, 4]) await review(some.id, s);
    const byId = new Map((await list({ search: word })).results.map((m) => [m.id, m]));
    expect(byId.get(none.id)).toMatchObject({ rating: '5.0', reviews_count: 0, events_count: 0, favorites_count: 0 });
    expect(byId.get(some.id)).toMatchObject({ rating: '4.3', reviews_count: 3 });
  });

  it('searches name, surname, tg title, specialization, skills and description; any case, ё = е', async () => {
    const word = token();
    const a = await mentor({ firstName: 'Фёдор', lastName: word });
    const b = await mentor({ specialization: `${word} Бэкенд`, skills: ['PostgreSQL', 'Ёмкие запросы'] });
    const c = await mentor({ description: `${word} учу ИГРЕ на гитаре` });
    const d = await mentor({ tgTitle: `${word} канал` });
    const find = async (q: string) => ids(await list({ search: q })).sort();
    expect(await find(word)).toEqual([a.id, b.id, c.id, d.id].sort());
    expect(await find(`${word} федор`)).toEqual([a.id]);
    expect(await find(`${word} ФЁДОР`)).toEqual([a.id]);
    expect(await find(`${word} postgres`)).toEqual([b.id]);
    expect(await find(`${word} емкие`)).toEqual([b.id]);
    expect(await find(`${word} бэкенд`)).toEqual([b.id]);
    expect(await find(`${word} игре на`)).toEqual([c.id]);
    expect(await find(`${word} канал`)).toEqual([d.id]);
    expect(await find(`${word} рисование`)).toEqual([]);
  });

  it('filters by category (repeatable, all) and price (inclusive), and sorts', async () => {
    const word = token();
    const hobby = await mentor({ tgTitle: word, category: 'Хобби' });
    const career = await mentor({ tgTitle: word, category: 'Карьера' });
    const health = await mentor({ tgTitle: word, category: 'Здоровье' });
    await offer(hobby.id, 500, 5000);
    await offer(career.id, 1000);
    await offer(health.id, 7000, 2000);
    const q = (extra: MentorListQuery) => list({ search: word, sort: 'price-asc', ...extra }).then(ids);
    expect(await q({ category: 'Хобби' })).toEqual([hobby.id]);
    expect(await q({ category: ['Хобби', 'Здоровье'] })).toEqual([hobby.id, health.id]);
    expect(await q({ category: 'all' })).toEqual([hobby.id, career.id, health.id]);
    expect(await q({ min_price: '500', max_price: '1000' })).toEqual([hobby.id, career.id]);
    expect(await q({ min_price: '1000', category: 'Хобби' })).toEqual([]);
    expect(await list({ search: word, sort: 'price-desc' }).then(ids)).toEqual([health.id, career.id, hobby.id]);
    expect(await list({ search: word, sort: 'newest' }).then(ids)).toEqual([health.id, career.id, hobby.id]);
    expect((await expectJson(send('GET', '/api/users/?sort=best'), 400)).fields).toEqual({ sort: 'Некорректная сортировка' });
  });

  // issue 35, item 10: «от 5 000 ₽» stood beside the mentor's own 1 500 ₽ trial, and «До 2 000 ₽» missed most mentors
  it("prices a card at the mentor's cheapest type not archived, whatever is written, and filters on that", async () => {
    const word = token();
    const anna = await mentor({ tgTitle: word, price: 5000 });
    const none = await mentor({ tgTitle: word, price: 3000 });
    const priceOf = async (id: number) => (await list({ search: word })).results.find((m) => m.id === id)!.price;
    expect(await priceOf(anna.id)).toBeNull();
    expect(await priceOf(none.id)).toBeNull();
    await offer(anna.id, 6500, 1500, 4000);
    expect(await priceOf(anna.id)).toBe(1500);
    await t.db.update(users).set({ price: 11000 }).where(inArray(users.id, [anna.id, none.id]));
    expect(await priceOf(anna.id)).toBe(1500);
    expect(await priceOf(none.id)).toBeNull();
    expect(ids(await list({ search: word, max_price: '2000' }))).toEqual([anna.id]);
    expect(ids(await list({ search: word, sort: 'price-desc' }))).toEqual([anna.id, none.id]);
    // archiving or editing a type moves the price, and the cached list with it (the catalogue version moves)
    await t.db.update(consultationTypes).set({ archivedAt: new Date() }).where(sql`${consultationTypes.mentorId} = ${anna.id} and ${consultationTypes.costs} = 1500`);
    expect(await priceOf(anna.id)).toBe(4000);
    expect(ids(await list({ search: word, max_price: '2000' }))).toEqual([]);
    await t.db.update(consultationTypes).set({ costs: 900 }).where(sql`${consultationTypes.mentorId} = ${anna.id} and ${consultationTypes.costs} = 6500`);
    expect(await priceOf(anna.id)).toBe(900);
    await t.db.delete(consultationTypes).where(sql`${consultationTypes.mentorId} = ${anna.id}`);
    expect(await priceOf(anna.id)).toBeNull();
    const detail = await expectOk(specApi.users.GetUser.$get({ query: { id: String(anna.id) } }), 200);
    expect(detail.price).toBeNull();
  });

  it('answers the range of card prices, and the filter offers only steps inside it', async () => {
    const [row] = await t.db.select({ min: sql<number>`min(price)`, max: sql<number>`max(price)` }).from(users).where(sql`role = 'mentor'`);
    const body = await list({});
    expect(body.price_range).toEqual({ min: row.min, max: row.max });
    expect(priceSteps({ min: 1000, max: 9500 })).toEqual({ from: [1500, 2000, 3000, 4000, 5000, 7500], to: [1000, 1500, 2000, 3000, 4000, 5000, 7500] });
    expect(priceSteps({ min: null, max: null })).toEqual({ from: [], to: [] });
  });

  it('sorts by rating, then by the number of reviews, by default', async () => {
    const word = token();
    const [noReviews, fiveOnce, fiveTwice, four] = [await mentor({ tgTitle: word }), await mentor({ tgTitle: word }), await mentor({ tgTitle: word }), await mentor({ tgTitle: word })];
    await review(fiveOnce.id, 5);
    await review(fiveTwice.id, 5);
    await review(fiveTwice.id, 5);
    await review(four.id, 4);
    expect(await list({ search: word }).then(ids)).toEqual([fiveTwice.id, fiveOnce.id, noReviews.id, four.id]);
    expect(await list({ search: word, sort: 'rating' }).then(ids)).toEqual([fiveTwice.id, fiveOnce.id, noReviews.id, four.id]);
    expect(await list({ search: word, sort: 'reviews' }).then(ids)).toEqual([fiveTwice.id, fiveOnce.id, four.id, noReviews.id]);
  });

  // Decision 015, «The mentor list's order»: the default page walks an index in rating order and stops at its end (no
  // window over every mentor, no sort), and a card's upcoming events are counted from an index alone. Sequential scans,
  // bitmaps and sorts are switched off, so what is asserted is what the indexes can do, not a small table's plan.
  it('walks the rating index to the page’s end and counts events from an index', async () => {
    const plan = await t.db.transaction(async (tx) => {
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await tx.execute(sql`select set_config(${setting}, 'off', true)`);
      return explainPlan(tx, mentorPageQuery(tx as unknown as typeof t.db, mentorListQuery.parse({}), 1).toSQL());
    });
    expect(plan).toMatch(/Index Scan using users_mentor_rating_idx/);
    expect(plan).not.toMatch(/WindowAgg|Sort/);
    expect(plan).toMatch(/Index Only Scan using events_mentor_idx on events e/);
  });

  // Without a search the total is its own subquery; with one, the window counts (mentorPageQuery). Both in one snapshot,
  // as other files add mentors meanwhile.
  it('counts every matching mentor in the total, with and without a search', async () => {
    const word = token();
    await mentor({ tgTitle: word, category: 'Хобби' });
    await mentor({ tgTitle: word, category: 'Карьера' });
    const [totals, counts] = await t.db.transaction(
      async (tx) => {
        const db = tx as unknown as typeof t.db;
        const total = async (q: Record<string, string>) => (await mentorPageQuery(db, mentorListQuery.parse({ limit: '1', ...q }), null))[0]?.total;
        const count = async (where: ReturnType<typeof sql>) => Number((await tx.execute<{ n: string }>(sql`select count(*) as n from users where role = 'mentor' and ${where}`)).rows[0].n);
        return [
          [await total({}), await total({ category: 'Хобби' }), await total({ search: word })],
          [await count(sql`true`), await count(sql`category = 'Хобби'`), 2],
        ];
      },
      { isolationLevel: 'repeatable read' },
    );
    expect(totals).toEqual(counts);
  });

  it('pages with count and has_more, including past the end', async () => {
    const word = token();
    await t.db.insert(users).values(Array.from({ length: 5 }, (_, i) => ({ email: `${word}.${i}@test.forma`, role: 'mentor' as const, tgTitle: word })));
    expect(await list({ search: word, limit: '2' }).then((b) => [b.results.length, b.has_more, b.count])).toEqual([2, true, 5]);
    expect(await list({ search: word, limit: '2', offset: '4' }).then((b) => [b.results.length, b.has_more, b.count])).toEqual([1, false, 5]);
    expect(await list({ search: word, limit: '5' }).then((b) => [b.results.length, b.has_more, b.count])).toEqual([5, false, 5]);
    expect(await list({ search: word, offset: '5' })).toEqual({ results: [], has_more: false, count: 5, price_range: expect.anything() });
    expect(await list({ search: word, offset: '50' })).toEqual({ results: [], has_more: false, count: 5, price_range: expect.anything() });
    expect(await list({ search: token() })).toEqual({ results: [], has_more: false, count: 0, price_range: expect.anything() });
  });
});

describe('mentor detail', () => {
  it('answers the card with work, education, case images and current consultation types on both paths', async () => {
    const m = await mentor({ firstName: 'Игорь', lastName: 'Козлов' });
    await t.db.insert(workExperiences).values([
      { userId: m.id, positionTitle: 'Junior', companyName: 'A', startDate: '2015-01-01', endDate: '2018-01-01' },
      { userId: m.id, positionTitle: 'Lead', companyName: 'B', startDate: '2018-02-01' },
    ]);
    await t.db.insert(educations).values({ userId: m.id, universityName: 'МГУ', specialty: 'Математика', startYear: 2010, endYear: 2015 });
    await t.db.insert(caseImages).values([
      { userId: m.id, url: 'https://img.test/2.png', position: 2 },
      { userId: m.id, url: 'https://img.test/1.png', alt: 'Кейс', caption: 'Подпись', position: 1 },
    ]);
    const [type] = await t.db.insert(consultationTypes).values({ mentorId: m.id, name: 'Разбор резюме', description: 'Час', durationMinutes: 45, costs: 2000 }).returning();
    await t.db.insert(consultationTypes).values({ mentorId: m.id, name: 'Старый', costs: 100, archivedAt: new Date() });

    const param = { id: String(m.id) };
    const body = await expectOk(specApi.users[':id{[0-9]+}'].$get({ param }), 200);
    expect(body).toMatchObject({ id: m.id, mentor_name: 'Игорь', mentor_surname: 'Козлов', rating: '5.0', is_favorite: false });
    expect(body.work_experiences).toEqual([
      { id: expect.any(Number), position_title: 'Lead', company_name: 'B', start_date: '2018-02-01', end_date: null },
      { id: expect.any(Number), position_title: 'Junior', company_name: 'A', start_date: '2015-01-01', end_date: '2018-01-01' },
    ]);
    expect(body.educations).toEqual([{ id: expect.any(Number), university_name: 'МГУ', specialty: 'Математика', start_year: 2010, end_year: 2015 }]);
    expect(body.case_images).toEqual([
      { url: 'https://img.test/1.png', alt: 'Кейс', caption: 'Подпись' },
      { url: 'https://img.test/2.png', alt: null, caption: null },
    ]);
    expect(body.consultation_types).toEqual([{ id: type.id, name: 'Разбор резюме', description: 'Час', duration_minutes: 45, costs: 2000, loyalty_steps: [], packages: [], is_recorded: true, booking_rules: NO_BOOKING_RULES }]);
    expect(await expectOk(api.users[':id{[0-9]+}'].$get({ param }), 200)).toEqual(body);
    expect(await expectOk(specApi.users.GetUser.$get({ query: { id: String(m.id) } }), 200)).toEqual(body);
    expect(await expectOk(specApi['consultation-types'].all.$get({ query: { user_id: String(m.id) } }), 200)).toEqual(body.consultation_types.map((x) => ({ ...x, user: m.id })));
  });

  it('answers empty lists for a mentor without them', async () => {
    const m = await mentor();
    expect(await expectOk(api.users.GetUser.$get({ query: { id: String(m.id) } }), 200)).toMatchObject({ work_experiences: [], educations: [], case_images: [], consultation_types: [] });
  });

  it('answers mentor_education: the education tags of the approved application, not of a newer draft; [] without one', async () => {
    const m = await mentor();
    const approved = await verifyThroughInterview(t.db, m.id);
    await t.db.update(mentorApplications).set({ payload: { mentor_education_tags: ['МГУ', 'Курсы дизайна'] } }).where(eq(mentorApplications.id, approved.id));
    // a new application in progress is not what moderation approved
    await t.db.insert(mentorApplications).values({ userId: m.id, status: 'draft', payload: { mentor_education_tags: ['Черновик'] } });
    const param = { id: String(m.id) };
    expect((await expectOk(specApi.users[':id{[0-9]+}'].$get({ param }), 200)).mentor_education).toEqual(['МГУ', 'Курсы дизайна']);
    const without = await mentor();
    expect((await expectOk(specApi.users[':id{[0-9]+}'].$get({ param: { id: String(without.id) } }), 200)).mentor_education).toEqual([]);
  });

  it("is 404 'Ментор не найден' for non-mentors and unknown ids", async () => {
    const mentee = await createUser(t.db);
    const notFound = { detail: 'Ментор не найден', code: 'not_found' };
    expect(await expectError(specApi.users[':id{[0-9]+}'].$get({ param: { id: String(mentee.id) } }), 404)).toEqual(notFound);
    expect(await expectError(specApi.users[':id{[0-9]+}'].$get({ param: { id: '2147000000' } }), 404)).toEqual(notFound);
    expect(await expectError(specApi.users.GetUser.$get({ query: { id: String(mentee.id) } }), 404)).toEqual(notFound);
    expect(await expectError(specApi.users.GetUser.$get({ query: { id: 'abc' } }), 404)).toEqual(notFound);
    expect(await expectError(specApi.users.GetUser.$get({ query: {} }), 404)).toEqual(notFound);
  });

  it('does not shadow /users/me or /users/my-mentors/history', async () => {
    const user = await createUser(t.db);
    const userApi = apiAs(asUser(user), { trailingSlash: true });
    expect((await expectOk(userApi.users.me.$get(), 200)).id).toBe(user.id);
    expect((await expectError(specApi.users.me.$get(), 401)).code).toBe('not_authenticated');
    expect(await expectOk(userApi.users['my-mentors'].history.$get(), 200)).toEqual([]);
    expect((await expectJson(send('GET', '/api/users/abc/'), 404)).code).toBe('not_found');
  });
});

describe('random mentors', () => {
  it('answers 3 mentor cards', async () => {
    await Promise.all([mentor(), mentor(), mentor()]);
    const body = await expectOk(specApi.users.GetRandomUsers.$get(), 200);
    expect(body).toHaveLength(3);
    const roles = await t.db.select({ role: users.role }).from(users).where(inArray(users.id, body.map((m) => m.id)));
    expect(roles.map((r) => r.role)).toEqual(['mentor', 'mentor', 'mentor']);
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        'id', 'mentor_name', 'mentor_surname', 'mentor_avatar_url', 'mentor_title', 'mentor_tg_title', 'mentor_description', 'mentor_specialization',
        'mentor_skills', 'category', 'price', 'is_verified', 'rating', 'reviews_count', 'events_count', 'favorites_count', 'is_favorite', 'favorite_id',
        'reliability',
      ].sort(),
    );
  });
});

describe('consultation types', () => {
  it('lists a mentor’s types, 400 without user_id', async () => {
    const m = await mentor();
    expect(await expectOk(api['consultation-types'].all.$get({ query: { user_id: String(m.id) } }), 200)).toEqual([]);
    expect((await expectJson(send('GET', '/api/consultation-types/all/'), 400)).fields).toEqual({ user_id: 'Некорректный пользователь' });
  });
});
