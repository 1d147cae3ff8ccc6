import { vi } from 'vitest';
import type { MentorCard } from '../../web/features/mentors/mentors.api.ts';
import type { MentorDetail } from '../../web/lib/mentors/mentors.api.ts';

export type MockRoute = { method?: string; path: RegExp; status?: number; body?: unknown; wait?: Promise<unknown> };

/** A fetch stub answering by method + path; records every call as 'METHOD url'. */
export function mockFetch(routes: MockRoute[]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const rawBody = init?.body ?? (input instanceof Request ? await input.clone().text() : undefined);
    calls.push({ method, url, body: typeof rawBody === 'string' && rawBody ? JSON.parse(rawBody) : undefined });
    const route = routes.find((item) => (item.method ?? 'GET') === method && item.path.test(url));
    if (!route) return new Response(JSON.stringify({ detail: 'Не найдено', code: 'not_found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    if (route.wait) await route.wait;
    const status = route.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(route.body ?? null), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A mentor as GET /api/users/ lists it (the type is the Worker's, so a changed shape fails the typecheck). */
export function makeMentor(overrides: Partial<MentorCard> = {}): MentorCard {
  return {
    id: 7,
    mentor_name: 'Анна',
    mentor_surname: 'Соколова',
    mentor_avatar_url: '/media/demo/avatars/m2.svg',
    mentor_title: 't.me/anna',
    mentor_tg_title: '@anna_career',
    mentor_description: 'Карьерный консультант',
    mentor_specialization: 'Карьерный консультант',
    mentor_skills: ['Резюме', 'Собеседования', 'Переговоры', 'Стратегия', 'Смена профессии'],
    category: 'Карьера' as const,
    price: 11000,
    is_verified: true,
    rating: '4.8',
    reviews_count: 3,
    events_count: 1,
    favorites_count: 12,
    is_favorite: false,
    reliability: null,
    favorite_id: null,
    ...overrides,
  };
}

/** A mentor as GET /api/users/{id}/ answers: the card plus the page's lists. */
export function makeMentorDetail(overrides: Partial<MentorDetail> = {}): MentorDetail {
  return {
    ...makeMentor(),
    work_experiences: [],
    educations: [],
    mentor_education: [],
    case_images: [],
    consultation_types: [],
    no_show_count: 0,
    cancellation_count: 0,
    verification: { interviewed_at: '2026-11-12T09:00:00.000Z', checked_identity: true, checked_experience: true, checked_sample_session: false },
    ...overrides,
  };
}
