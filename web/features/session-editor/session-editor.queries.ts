import { queryOptions } from '@tanstack/react-query';
import { sessionEditorApi } from './session-editor.api.ts';

/** Query factories of the session editor (docs/architecture.md, convention 7). */
export const sessionEditorQueries = {
  all: () => ['session-editor'] as const,
  events: (userId: number) =>
    queryOptions({ queryKey: [...sessionEditorQueries.all(), 'events', userId] as const, queryFn: () => sessionEditorApi.userEvents(userId) }),
  types: (userId: number) =>
    queryOptions({ queryKey: [...sessionEditorQueries.all(), 'types', userId] as const, queryFn: () => sessionEditorApi.consultationTypes(userId) }),
  slots: (userId: number) =>
    queryOptions({ queryKey: [...sessionEditorQueries.all(), 'slots', userId] as const, queryFn: () => sessionEditorApi.slots(userId) }),
};
