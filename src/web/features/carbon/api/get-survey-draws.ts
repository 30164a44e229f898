import { queryOptions, useQuery } from '@tanstack/react-query';
import { surveyDrawListSchema, type SurveyDrawSummary } from '@common/contracts/carbon-surveys';
import { apiClient } from '@web/lib/api-client';

/** Every survey query starts with this key (invalidate it after a draw or a result). */
export const surveysQueryKey = ['carbon', 'surveys'] as const;

/** GET /api/carbon/surveys/draws */
export async function getSurveyDraws(signal?: AbortSignal): Promise<SurveyDrawSummary[]> {
  return surveyDrawListSchema.parse(await apiClient.get('/api/carbon/surveys/draws', { signal }));
}

export function surveyDrawsQueryOptions() {
  return queryOptions({
    queryKey: [...surveysQueryKey, 'draws'],
    queryFn: ({ signal }) => getSurveyDraws(signal),
  });
}

export function useSurveyDraws() {
  return useQuery(surveyDrawsQueryOptions());
}
