import type { Me } from '../../web/lib/session/session.api.ts';

export function makeUser(overrides: Partial<Me> = {}): Me {
  return {
    id: 1,
    email: 'anna@example.com',
    phone: null,
    phone_confirmed: false,
    user_role: 'mentee',
    mentor_name: 'Анна',
    mentor_surname: 'Смирнова',
    mentor_description: '',
    mentor_skills: [],
    mentor_avatar_url: null,
    mentor_title: null,
    mentor_tg_title: null,
    mentor_specialization: null,
    user_city_residence: null,
    price: 11000,
    time_zone: 'Europe/Moscow',
    ...overrides,
  };
}
