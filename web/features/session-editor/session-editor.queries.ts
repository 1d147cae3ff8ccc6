import { queryOptions } from '@tanstack/react-query';
import { sessionEditorApi } from './session-editor.api.ts';

/**
 * Query factories of the session editor (docs/architecture.md, convention 7): consultation types and slots. The
 * mentor's events are the events resource's `byUser` (web/lib/events/events.queries.ts), which other pages show too.
 */
export const sessionEditorQueries = {
  all: () => ['session-editor'] as const,
  types: (userId: number) =>
    queryOptions({ queryKey: [...sessionEditorQueries.all(), 'types', userId] as const, queryFn: () => sessionEditorApi.consultationTypes(userId) }),
  slots: (userId: number) =>
    queryOptions({ queryKey: [...sessionEditorQueries.all(), 'slots', userId] as const, queryFn: () => sessionEditorApi.slots(userId) }),
  /** the meeting room's limits here: they change only with a deployment */
  conferenceLimits: () =>
    queryOptions({ queryKey: [...sessionEditorQueries.all(), 'conference-limits'] as const, queryFn: sessionEditorApi.conferenceLimits, staleTime: Infinity }),
};
