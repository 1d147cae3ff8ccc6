import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a page rendered on the server hands to the browser beside its HTML (decision 014, «Rendered on the server»):
 * the zone its dates were written in and the query cache its render read. A JSON data block, not a script: the CSP
 * allows no inline script, and a data block runs nothing.
 */
export type PageState = { zone: string; queries: DehydratedState };

export const PAGE_STATE_ID = 'forma-page-state';

/** The data block for the HTML: `<` and the line separators escaped, so no text in the data can end the element. */
export function pageStateElement(state: PageState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${PAGE_STATE_ID}">${json}</script>`;
}

/** The state of the page the server rendered, or null when the HTML is the bare shell (or the block is unreadable). */
export function readPageState(): PageState | null {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageState;
  } catch {
    return null;
  }
}

/**
 * The page's queries as if read now. A stored rendering is served only while the catalogue version it was rendered
 * under is current (decision 015), so its data is as fresh as a read this moment, however long ago it was rendered;
 * with its own time, a rendering older than a query's staleTime would be read again as soon as it hydrated.
 */
export function receivedNow(queries: DehydratedState, now = Date.now()): DehydratedState {
  return { ...queries, queries: queries.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })) };
}
