// The landings' numbers in words that fit them (issue 36): «48 наставников в 6 направлениях», never a made-up figure.
import { countRu, pluralRu } from '../../lib/plural.ts';
import type { PlatformStats } from './platform-stats.api.ts';

const MENTORS = ['наставник', 'наставника', 'наставников'] as const;
const LEARNERS = ['ученик', 'ученика', 'учеников'] as const;
const DIRECTIONS = ['направление', 'направления', 'направлений'] as const;
/** after «в»: в 1 направлении, в 2/5 направлениях */
const IN_DIRECTIONS = ['направлении', 'направлениях', 'направлениях'] as const;
const SESSIONS_HELD = ['занятие проведено', 'занятия проведено', 'занятий проведено'] as const;

/** Consultations and events held: both are sessions a learner had with a mentor. */
export const sessionsHeld = (stats: PlatformStats) => stats.consultations_held + stats.events_held;

/** «48 наставников в 6 направлениях» */
export const mentorsInDirections = (stats: PlatformStats) => `${countRu(stats.mentors, MENTORS)} в ${countRu(stats.categories, IN_DIRECTIONS)}`;

/** «6 направлений» */
export const directionsCount = (stats: PlatformStats) => countRu(stats.categories, DIRECTIONS);

/** «48 наставников и 30 учеников» */
export const mentorsAndLearners = (stats: PlatformStats) => `${countRu(stats.mentors, MENTORS)} и ${countRu(stats.mentees, LEARNERS)}`;

/** The mentor landing's strip: each figure with the word its number takes. */
export function platformFigures(stats: PlatformStats) {
  const held = sessionsHeld(stats);
  return [
    { value: stats.mentors, label: pluralRu(stats.mentors, MENTORS) },
    { value: stats.mentees, label: pluralRu(stats.mentees, LEARNERS) },
    { value: stats.categories, label: pluralRu(stats.categories, DIRECTIONS) },
    { value: held, label: pluralRu(held, SESSIONS_HELD) },
  ];
}

/** Groups of three with a thin space, as Russian writes numbers: 15 000. */
export const formatCount = (value: number) => new Intl.NumberFormat('ru-RU').format(value);

/** The English landing's: 1,234 mentors. */
export const formatCountEn = (value: number) => new Intl.NumberFormat('en-US').format(value);
export const englishPlural = (count: number, one: string, many: string) => (count === 1 ? one : many);
