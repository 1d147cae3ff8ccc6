import { queryOptions } from '@tanstack/react-query';
import { educationApi, payoutTokenApi, taxProfileApi, workExperienceApi } from './profile-settings.api.ts';

export const settingsQueries = {
  workExperiences: () => queryOptions({ queryKey: ['work-experiences', 'list'] as const, queryFn: workExperienceApi.list }),
  educations: () => queryOptions({ queryKey: ['educations', 'list'] as const, queryFn: educationApi.list }),
  payoutTokens: () => queryOptions({ queryKey: ['payments', 'tokens'] as const, queryFn: payoutTokenApi.list }),
  // read again on every visit and focus: the mentor comes back from the permission page to see its answer
  taxProfile: () => queryOptions({ queryKey: ['tax-profile'] as const, queryFn: taxProfileApi.get, staleTime: 0 }),
};
