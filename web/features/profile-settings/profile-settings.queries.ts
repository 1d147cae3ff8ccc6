import { queryOptions } from '@tanstack/react-query';
import { educationApi, payoutTokenApi, workExperienceApi } from './profile-settings.api.ts';

export const settingsQueries = {
  workExperiences: () => queryOptions({ queryKey: ['work-experiences', 'list'] as const, queryFn: workExperienceApi.list }),
  educations: () => queryOptions({ queryKey: ['educations', 'list'] as const, queryFn: educationApi.list }),
  payoutTokens: () => queryOptions({ queryKey: ['payments', 'tokens'] as const, queryFn: payoutTokenApi.list }),
};
