// The three documented accounts (README / login screen): fixed, hand-written profiles, so a demo always
// starts from the same people. Everything else in the seed is generated.
import type { Category } from './catalog.ts';
import type { Gender } from './names.ts';
import type { TimeZone } from './time.ts';

/** The seed is skipped when this account exists: the whole seed is one transaction, so it means a complete seed. */
export const DEMO_MENTOR_EMAIL = 'mentor@forma.test';
export const DEMO_MENTEE_EMAIL = 'mentee@forma.test';
export const DEMO_ADMIN_EMAIL = 'admin@forma.test';

export const demoMentor = {
  email: DEMO_MENTOR_EMAIL,
  firstName: 'Анна',
  lastName: 'Соколова',
  gender: 'f' as Gender,
  category: 'Карьера' as Category,
  city: 'Москва',
  timeZone: 'Europe/Moscow' as TimeZone,
  specialization: 'Карьерный консультант',
  description:
    'Карьерный консультант, больше десяти лет в найме и развитии людей. Помогаю найти работу, которая совпадает ' +
    'с вашими ценностями, и уверенно пройти собеседования. Первая встреча: знакомство и разбор запроса.',
  skills: ['Составление резюме', 'Подготовка к собеседованию', 'Переговоры о зарплате', 'Карьерная стратегия', 'Смена профессии'],
  price: 5000,
  handle: 'anna_sokolova_career',
  work: [
    { positionTitle: 'Карьерный консультант', companyName: 'Частная практика', startDate: '2021-09-01', endDate: null },
    { positionTitle: 'Руководитель отдела подбора', companyName: 'HeadHunter', startDate: '2016-03-01', endDate: '2021-08-31' },
    { positionTitle: 'Ведущий IT-рекрутер', companyName: 'Яндекс', startDate: '2012-07-01', endDate: '2016-02-29' },
  ],
  educations: [
    { universityName: 'НИУ ВШЭ', specialty: 'Психология', startYear: 2008, endYear: 2012 },
    { universityName: 'РАНХиГС', specialty: 'Управление персоналом', startYear: 2014, endYear: 2016 },
  ],
  /** names from the category catalogue; duration and price fixed so the demo script can quote them */
  consultations: [
    // loyalty steps (decision 006): the demo mentee has one paid session with Анна (held-payment's recent one), so her
    // next booking is the 2nd and shows «2-я консультация с Анной: −5 %»
    { name: 'Разбор резюме', durationMinutes: 60, costs: 4000, loyaltySteps: [{ from: 2, percent: 5 }, { from: 5, percent: 10 }] },
    // packages (decision 006): the demo mentee has bought the 5 and used part of it (schedule.ts, planPackage)
    {
      name: 'Подготовка к собеседованию',
      durationMinutes: 90,
      costs: 6500,
      packages: [{ sessions: 5, percent: 10, valid_days: 180 }, { sessions: 10, percent: 15, valid_days: 180 }],
    },
    // booking rules (decision 022): not sooner than 12 h ahead nor more than 30 days, a quarter of an hour's break around
    // it, at most 3 of Анна's consultations that day, cancelling until 24 h before
    {
      name: 'Пробное занятие',
      durationMinutes: 30,
      costs: 1500,
      bookingRules: { minNoticeHours: 12, horizonDays: 30, bufferBeforeMinutes: 15, bufferAfterMinutes: 15, dailyLimit: 3, cancelCutoffHours: 24 },
    },
  ],
};

export const demoMentee = {
  email: DEMO_MENTEE_EMAIL,
  firstName: 'Мария',
  lastName: 'Лебедева',
  gender: 'f' as Gender,
  city: 'Санкт-Петербург',
  timeZone: 'Europe/Moscow' as TimeZone,
};

export const demoAdmin = {
  email: DEMO_ADMIN_EMAIL,
  firstName: 'Дмитрий',
  lastName: 'Орлов',
  gender: 'm' as Gender,
  city: 'Москва',
  timeZone: 'Europe/Moscow' as TimeZone,
};
