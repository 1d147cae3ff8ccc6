import type { MentorFavorite, MentorItem } from '../../lib/mentor-favorites.ts';
import type { HistoryMentor } from './my-mentors.api.ts';

export type MyMentorsTab = 'history' | 'favorites';
export type MyMentorsSort = 'date_desc' | 'date_asc' | 'name_asc' | 'name_desc';

export const SORT_OPTIONS: { value: MyMentorsSort; label: string }[] = [
  { value: 'date_desc', label: 'Сначала новые' },
  { value: 'date_asc', label: 'Сначала старые' },
  { value: 'name_asc', label: 'По имени (А–Я)' },
  { value: 'name_desc', label: 'По имени (Я–А)' },
];

/** Spec 001 §9: skills shown on the history and favourites cards. */
export const SKILLS_SHOWN: Record<MyMentorsTab, number> = { history: 3, favorites: 2 };

export function mentorName(mentor: Pick<MentorItem, 'mentor_name' | 'mentor_surname'>): string {
  return [mentor.mentor_name, mentor.mentor_surname].filter(Boolean).join(' ').trim();
}

/** 'Поиск по имени или специализации': name, surname, specialization (and the tg title), case-insensitive. */
export function matchesSearch(mentor: MentorItem, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('ru');
  if (!needle) return true;
  return [mentorName(mentor), mentor.mentor_specialization, mentor.mentor_tg_title].some((value) => value?.toLocaleLowerCase('ru').includes(needle));
}

const collator = new Intl.Collator('ru', { sensitivity: 'base' });

function byName(sort: MyMentorsSort) {
  return (a: MentorItem, b: MentorItem) => (sort === 'name_desc' ? -1 : 1) * collator.compare(mentorName(a), mentorName(b));
}

/** History: search, then name sorts; the date sorts keep the server's order (spec 001: they apply only to favourites). */
export function visibleHistory(items: HistoryMentor[], search: string, sort: MyMentorsSort): HistoryMentor[] {
  const found = items.filter((item) => matchesSearch(item, search));
  return sort === 'name_asc' || sort === 'name_desc' ? found.sort(byName(sort)) : found;
}

/** Favourites: search, then sort by the date added or by name. */
export function visibleFavorites(items: MentorFavorite[], search: string, sort: MyMentorsSort): MentorFavorite[] {
  const found = items.filter((item) => matchesSearch(item.mentor, search));
  if (sort === 'name_asc' || sort === 'name_desc') {
    const compare = byName(sort);
    return found.sort((a, b) => compare(a.mentor, b.mentor));
  }
  const direction = sort === 'date_asc' ? 1 : -1;
  return found.sort((a, b) => direction * (new Date(a.created_at).getTime() - new Date(b.created_at).getTime()));
}
