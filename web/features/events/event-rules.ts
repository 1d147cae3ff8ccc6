import type { EventStatus } from '../../lib/events/events.api.ts';

/** Russian plural form: pluralRu(5, ['место', 'места', 'мест']) → 'мест'. */
export function pluralRu(count: number, [one, few, many]: readonly [string, string, string]): string {
  const n = Math.abs(Math.trunc(count));
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

/** A seat limit of 0 (or none) means «Без ограничений» (spec 002 §5.1), never «no seats». */
export const isUnlimited = (total: number | null | undefined) => total == null || total <= 0;

/** Seats left: available_spots when the server gives it, else total minus registrations; null means unlimited. */
export function seatsLeft(event: { total_spots: number | null; available_spots: number | null }, registrations?: number): number | null {
  if (isUnlimited(event.total_spots)) return null;
  if (event.available_spots != null) return Math.max(0, event.available_spots);
  if (event.total_spots != null) return Math.max(0, event.total_spots - (registrations ?? 0));
  return null;
}

/** 'Свободно 1 место' / 'Свободно 3 места' / 'Свободно 5 мест' / 'Без ограничений' / 'Мест нет'. */
export function formatSeatsLeft(left: number | null): string {
  if (left == null) return 'Без ограничений';
  if (left <= 0) return 'Мест нет';
  return `Свободно ${left} ${pluralRu(left, ['место', 'места', 'мест'])}`;
}

/** The seats line of the page: a past or canceled event has no free seats to offer, whatever is left of its limit. */
export function formatSeatsFor(left: number | null, status: EventStatus | undefined): string {
  if (status === 'canceled') return 'Мероприятие отменено';
  if (status === 'past') return 'Мероприятие завершено';
  return formatSeatsLeft(left);
}

/**
 * The seats line beside the button: none when the button already says the event is over or canceled, so a past event
 * does not say «Мероприятие завершено» twice (issue 35); a registered person's «Вы зарегистрированы» still gets it.
 */
export function seatsLineFor(left: number | null, status: EventStatus | undefined, action: EventAction): string | null {
  if (action.kind === 'finished' || action.kind === 'canceled') return null;
  return formatSeatsFor(left, status);
}

/** The refund terms concern what one paid for and can still cancel: not a free event, nor one that is over or canceled. */
export const showsCancellationPolicy = (price: number | null | undefined, status: EventStatus | undefined) =>
  (price ?? 0) > 0 && status !== 'past' && status !== 'canceled';

/**
 * 'N/M уже участвуют'; without a limit just 'N уже участвуют'. Once the event is over it says 'участвовали': «уже
 * участвуют» under «Мероприятие завершено» read as if it were still going on.
 */
export function formatParticipants(registered: number, total: number | null, over = false): string {
  const verb = over ? 'участвовали' : 'уже участвуют';
  return isUnlimited(total) ? `${registered} ${verb}` : `${registered}/${total} ${verb}`;
}

export type EventActionKind = 'login' | 'own' | 'canceled' | 'finished' | 'registered' | 'waitlist' | 'waiting' | 'accept' | 'participate';
export type EventAction = { kind: EventActionKind; label: string; disabled: boolean };

type ActionInput = {
  /** the signed-in user's id, or null for a visitor */
  viewerId: number | null;
  mentorId: number;
  isRegistered: boolean;
  /** null: unlimited */
  seatsLeft: number | null;
  status?: EventStatus;
  /** the viewer's place in the event's line (decision 023), if any */
  place?: 'waiting' | 'offered' | null;
};

/** A canceled or past event, which nobody can join: its button says so. */
function closedAction(status: EventStatus | undefined): EventAction | null {
  if (status === 'canceled') return { kind: 'canceled', label: 'Мероприятие отменено', disabled: true };
  if (status === 'past') return { kind: 'finished', label: 'Мероприятие завершено', disabled: true };
  return null;
}

/**
 * The event page button by viewer (spec 000 §4): visitor → 'Войдите для участия' (to /login); the event's
 * mentor → 'Ваше мероприятие'; registered → 'Вы зарегистрированы'; no seats → 'Встать в лист ожидания' (decision 023,
 * where the spec had a dead 'Мест нет'), then 'Вы в листе ожидания'; a free seat offered from the line → 'Занять место'
 * (a paid one is paid like any held seat); else 'Участвовать'.
 * Choices beyond the spec's list: a registered user keeps seeing 'Вы зарегистрированы' when the last seat has gone
 * (they hold one of them); canceled or past events cannot be joined, and a visitor is not asked to sign in for one.
 */
export function eventAction({ viewerId, mentorId, isRegistered, seatsLeft: left, status, place = null }: ActionInput): EventAction {
  if (viewerId == null) return closedAction(status) ?? { kind: 'login', label: 'Войдите для участия', disabled: false };
  if (viewerId === mentorId) return { kind: 'own', label: 'Ваше мероприятие', disabled: true };
  const closed = closedAction(status);
  if (place === 'offered' && !closed) return { kind: 'accept', label: 'Занять место', disabled: false };
  if (isRegistered) return { kind: 'registered', label: 'Вы зарегистрированы', disabled: true };
  if (closed) return closed;
  if (place === 'waiting') return { kind: 'waiting', label: 'Вы в листе ожидания', disabled: true };
  if (left != null && left <= 0) return { kind: 'waitlist', label: 'Встать в лист ожидания', disabled: false };
  return { kind: 'participate', label: 'Участвовать', disabled: false };
}

/** «Мест нет · ждут 3»: the seats line of a full event tells how long its line is (short: the phone's bar is narrow). */
export function withLine(seatsText: string | null, left: number | null, waiting: number): string | null {
  return seatsText && left === 0 && waiting > 0 ? `${seatsText} · ждут ${waiting}` : seatsText;
}
