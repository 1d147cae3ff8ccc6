// The calendar page's tabs and the history's filters, which the page's address keeps (?tab=history&filter=attended):
// a reload, a shared link and the back button come back to the same list. Small on purpose: the route's
// validateSearch that reads them is part of the first page's JavaScript.

export const SCHEDULE_TABS = ['leading', 'participating', 'history', 'calendar'] as const;
export type ScheduleTab = (typeof SCHEDULE_TABS)[number];

export const HISTORY_FILTER_VALUES = ['all', 'conducted', 'attended', 'cancelled'] as const;
export type HistoryFilter = (typeof HISTORY_FILTER_VALUES)[number];

/**
 * What the address holds; a missing key is the default (the viewer's first tab, every entry of the history).
 * `booking` opens that consultation's details over the list: where a notice about one booking leads.
 */
export type ScheduleView = { tab?: ScheduleTab; filter?: HistoryFilter; booking?: number };
