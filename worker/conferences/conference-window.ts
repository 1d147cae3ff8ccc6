// When a meeting's room exists (decision 012): pure, so the web's loading screen and the room object can
// import the same numbers and the same rule as the REST calls.

/** The mentor may open the room this long before the start (time to check the equipment and wait). */
export const OPENS_BEFORE_MINUTES = 30;
/** …and until this long after the planned end: meetings overrun, and a late start still deserves its hour. */
export const CLOSES_AFTER_MINUTES = 120;
/** The most peers in one browser-to-browser mesh (the ConferenceRoom refuses the next joiner); one number, defined with the room's. */
export { MESH_MAX_PEERS } from '../../party/conference-limits.ts';

const MINUTE = 60_000;

export type ConferenceWindow = { opensAt: Date; closesAt: Date };
/** before: not yet startable; open: may be started and joined; after: over, the room is closed. */
export type WindowState = 'before' | 'open' | 'after';

export function conferenceWindow(startsAt: Date, endsAt: Date): ConferenceWindow {
  return { opensAt: new Date(startsAt.getTime() - OPENS_BEFORE_MINUTES * MINUTE), closesAt: new Date(endsAt.getTime() + CLOSES_AFTER_MINUTES * MINUTE) };
}

/** Both edges belong to the window. */
export function windowState(window: ConferenceWindow, now: Date): WindowState {
  if (now.getTime() < window.opensAt.getTime()) return 'before';
  if (now.getTime() > window.closesAt.getTime()) return 'after';
  return 'open';
}
