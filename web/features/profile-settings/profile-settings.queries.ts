import { queryOptions } from '@tanstack/react-query';
import { educationApi, identitiesApi, payoutTokenApi, taxProfileApi, workExperienceApi } from './profile-settings.api.ts';

export const settingsQueries = {
  workExperiences: () => queryOptions({ queryKey: ['work-experiences', 'list'] as const, queryFn: workExperienceApi.list }),
  educations: () => queryOptions({ queryKey: ['educations', 'list'] as const, queryFn: educationApi.list }),
  identities: () => queryOptions({ queryKey: ['auth', 'identities'] as const, queryFn: identitiesApi.list }),
  payoutTokens: () => queryOptions({ queryKey: ['payments', 'tokens'] as const, queryFn: payoutTokenApi.list }),
  // read again on every visit and focus, and while the permission is pending: back from the permission page within
  // the server's recheck interval (15 s), the first read may still say «pending»
  taxProfile: () =>
    queryOptions({
      queryKey: ['tax-profile'] as const,
      queryFn: taxProfileApi.get,
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.self_employed?.status === 'pending' ? 15_000 : false),
    }),
};
