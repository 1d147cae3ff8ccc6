// Accounts and profiles: the documented demo accounts, 48 mentors (8 per category) and 30 mentees.
import { categories } from '../../drizzle/categories.ts';
import { catalog, type Category, type CategoryContent } from './catalog.ts';
import type { SeedContext } from './context.ts';
import { demoAdmin, demoMentee, demoMentor } from './demo-accounts.ts';
import { feminineSurname, firstNames, surnames, translit, type Gender } from './names.ts';
import type { Ref } from './plan.ts';
import { roundTo } from './random.ts';
import { plural } from './ru.ts';
import { cities } from './texts.ts';
import { addDays, DAY, HOUR, type TimeZone } from './time.ts';

export const MENTORS_PER_CATEGORY = 8;
export const MENTEE_COUNT = 30;

export type Person = { ref: Ref; firstName: string; lastName: string; gender: Gender; zone: TimeZone; createdAt: Date };
export type Mentor = Person & { category: Category; price: number; isDemo: boolean };
/** a mentee's e-mail is where his payments' fiscal receipts go (decision 020) */
export type Mentee = Person & { email: string; isDemo: boolean };
export type People = { mentors: Mentor[]; mentees: Mentee[]; admin: Person; demoMentor: Mentor; demoMentee: Mentee };

type Specialization = CategoryContent['specializations'][number];

const avatar = (key: string) => `/media/demo/avatars/${key}.svg`;
const email = (firstName: string, lastName: string, n: number) => `${translit(firstName)}.${translit(lastName)}.${n}@forma.test`;

/** Telegram handles are 5..32 characters of [a-z0-9_]; the category suffix goes when it doesn't fit. */
function telegramHandle(firstName: string, lastName: string, suffix: string) {
  const base = `${translit(firstName)}_${translit(lastName)}`;
  return `${base}_${suffix}`.length <= 32 ? `${base}_${suffix}` : base.slice(0, 32);
}

export function planPeople(ctx: SeedContext): People {
  const { rng, plan, now } = ctx;
  const usedNames = new Set([demoMentor, demoMentee, demoAdmin].map((p) => `${p.firstName} ${p.lastName}`));
  const drawName = (gender: Gender) => {
    for (;;) {
      const firstName = rng.pick(firstNames[gender]);
      const surname = rng.pick(surnames);
      const lastName = gender === 'f' ? feminineSurname(surname) : surname;
      if (usedNames.has(`${firstName} ${lastName}`)) continue;
      usedNames.add(`${firstName} ${lastName}`);
      return { firstName, lastName, gender };
    }
  };
  const drawCity = () => rng.weighted(cities.map(([city, zone, weight]) => [{ city, zone }, weight] as const));
  const daysAgo = (min: number, max: number) => new Date(now.getTime() - rng.int(min, max) * DAY - rng.int(0, 23) * HOUR);

  // The documented accounts first, so they get the smallest ids.
  // Its avatar number is the position it takes among the interleaved mentors below.
  const demoMentorPerson = addMentorDemo(ctx, `m${categories.indexOf(demoMentor.category) + 1}`);
  const demoMenteeRef = plan.add('users', {
    email: demoMentee.email,
    role: 'mentee',
    firstName: demoMentee.firstName,
    lastName: demoMentee.lastName,
    city: demoMentee.city,
    timeZone: demoMentee.timeZone,
    avatarUrl: avatar('u1'),
    createdAt: new Date(now.getTime() - 200 * DAY),
  });
  const adminRef = plan.add('users', {
    email: demoAdmin.email,
    role: 'admin',
    firstName: demoAdmin.firstName,
    lastName: demoAdmin.lastName,
    city: demoAdmin.city,
    timeZone: demoAdmin.timeZone,
    avatarUrl: avatar('admin'),
    createdAt: new Date(now.getTime() - 400 * DAY),
  });

  // Mentors interleave the categories (1 Здоровье, 2 Карьера, …) so a list sorted by id shows a mix.
  const mentors: Mentor[] = [];
  for (let slot = 0; slot < MENTORS_PER_CATEGORY; slot++) {
    for (const category of categories) {
      const n = mentors.length + 1;
      if (category === demoMentor.category && slot === 0) {
        mentors.push(demoMentorPerson);
        continue;
      }
      const content = catalog[category];
      const name = drawName(rng.chance(0.5) ? 'f' : 'm');
      const { city, zone } = drawCity();
      const spec = content.specializations[slot];
      const specialization = spec.title;
      const years = rng.int(3, 18);
      const price = roundTo(rng.int(content.price[0], content.price[1]), 500);
      const handle = telegramHandle(name.firstName, name.lastName, content.handleSuffix);
      const createdAt = daysAgo(120, 700);
      const ref = plan.add('users', {
        email: email(name.firstName, name.lastName, n),
        role: 'mentor',
        firstName: name.firstName,
        lastName: name.lastName,
        city,
        timeZone: zone,
        telegramLink: `t.me/${handle}`,
        tgTitle: `@${handle}`,
        specialization,
        category,
        description: [
          `${specialization} с опытом ${years} ${plural(years, ['год', 'года', 'лет'])}.`,
          rng.pick(content.approaches),
          ...(rng.chance(0.5) ? [rng.pick(closingLines)] : []),
        ].join(' '),
        skills: rng.sample(spec.skills, rng.int(3, 6)),
        avatarUrl: avatar(`m${n}`),
        price,
        createdAt,
      });
      // was the «Профиль подтверждён» draw; kept so the rest of the demo data stays as it was (decision 004:
      // only a held interview verifies, planned in social.ts)
      rng.chance(0.85);
      planCareer(ctx, ref, category, years, spec);
      mentors.push({ ref, ...name, zone, createdAt, category, price, isDemo: false });
    }
  }

  const mentees: Mentee[] = [
    { ref: demoMenteeRef, ...demoMentee, zone: demoMentee.timeZone, createdAt: new Date(now.getTime() - 200 * DAY), isDemo: true },
  ];
  while (mentees.length < MENTEE_COUNT) {
    const n = mentees.length + 1;
    const name = drawName(rng.chance(0.6) ? 'f' : 'm');
    const { city, zone } = drawCity();
    // Older than every booking, registration and page view in the seed (those go back at most 90 days).
    const createdAt = daysAgo(100, 400);
    const address = email(name.firstName, name.lastName, n);
    const ref = plan.add('users', {
      email: address,
      role: 'mentee',
      firstName: name.firstName,
      lastName: name.lastName,
      city,
      timeZone: zone,
      avatarUrl: avatar(`u${n}`),
      createdAt,
    });
    mentees.push({ ref, ...name, email: address, zone, createdAt, isDemo: false });
  }

  return {
    mentors,
    mentees,
    admin: { ref: adminRef, ...demoAdmin, zone: demoAdmin.timeZone, createdAt: new Date(now.getTime() - 400 * DAY) },
    demoMentor: demoMentorPerson,
    demoMentee: mentees[0],
  };
}

const closingLines = [
  'Первая встреча — знакомство и разбор запроса.',
  'Работаю онлайн, по видеосвязи.',
  'Между встречами отвечаю на вопросы в Telegram.',
  'Даю материалы и домашние задания после каждой встречи.',
];

function addMentorDemo(ctx: SeedContext, avatarKey: string): Mentor {
  const { plan, now } = ctx;
  const createdAt = new Date(now.getTime() - 365 * DAY);
  const ref = plan.add('users', {
    email: demoMentor.email,
    role: 'mentor',
    firstName: demoMentor.firstName,
    lastName: demoMentor.lastName,
    city: demoMentor.city,
    timeZone: demoMentor.timeZone,
    telegramLink: `t.me/${demoMentor.handle}`,
    tgTitle: `@${demoMentor.handle}`,
    specialization: demoMentor.specialization,
    category: demoMentor.category,
    description: demoMentor.description,
    skills: demoMentor.skills,
    avatarUrl: avatar(avatarKey),
    price: demoMentor.price,
    createdAt,
  });
  for (const job of demoMentor.work) plan.add('workExperiences', { userId: ref, ...job });
  for (const study of demoMentor.educations) plan.add('educations', { userId: ref, ...study });
  planCases(ctx, ref, demoMentor.category, 3);
  return { ref, ...demoMentor, zone: demoMentor.timeZone, createdAt, isDemo: true };
}

/**
 * Work history ending now (the last job is usually current): the same profession at a few employers,
 * then the degree it rests on and sometimes a second one.
 */
function planCareer(ctx: SeedContext, user: Ref, category: Category, years: number, specialization: Specialization) {
  const { rng, plan, today } = ctx;
  const content = catalog[category];
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  const monthStart = (monthsAgo: number) => `${ym(thisYear, thisMonth - monthsAgo)}-01`;
  const jobs = Math.min(rng.int(1, 4), years);
  const current = rng.chance(0.75);
  const companies = rng.sample(content.companies, jobs);
  if (current && rng.chance(0.3)) companies[jobs - 1] = 'Частная практика';
  // Split `years` into `jobs` consecutive stints of at least half a year, the earliest first.
  const totalMonths = years * 12 - rng.int(0, 11);
  const innerCuts = rng.sample(range(1, Math.floor(totalMonths / 6) - 1), jobs - 1).map((k) => k * 6);
  const cuts = [0, ...innerCuts.sort((a, b) => a - b), totalMonths];
  for (let i = 0; i < jobs; i++) {
    const isLast = i === jobs - 1;
    plan.add('workExperiences', {
      userId: user,
      positionTitle: specialization.title,
      companyName: companies[i],
      startDate: monthStart(totalMonths - cuts[i]),
      // the day before the next stint begins; the last one is current or ended a few months ago
      endDate: isLast ? (current ? null : addDays(monthStart(rng.int(1, 3)), -1)) : addDays(monthStart(totalMonths - cuts[i + 1]), -1),
    });
  }

  const endYear = thisYear - years - rng.int(0, 1);
  const [university, secondUniversity] = rng.sample(content.universities, 2);
  plan.add('educations', { userId: user, universityName: university, specialty: specialization.specialty, startYear: endYear - rng.pick([4, 5, 6]), endYear });
  const secondStart = endYear + rng.int(1, 6);
  if (rng.chance(0.4) && secondStart + 2 <= thisYear) {
    plan.add('educations', { userId: user, universityName: secondUniversity, specialty: rng.pick(content.specialties), startYear: secondStart, endYear: secondStart + 2 });
  }
  if (rng.chance(0.4)) planCases(ctx, user, category, rng.int(1, 3));
}

function planCases(ctx: SeedContext, user: Ref, category: Category, count: number) {
  ctx.rng.sample(catalog[category].cases, count).forEach((item, position) => {
    const n = ctx.plan.rows.caseImages.length + 1;
    ctx.plan.add('caseImages', { userId: user, url: `/media/demo/covers/case-${n}.svg`, alt: item.alt, caption: item.caption, position });
  });
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
/** 'YYYY-MM' of `month` (1-based, may be <= 0 or > 12) in `year`, normalised. */
function ym(year: number, month: number) {
  const total = year * 12 + (month - 1);
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}
