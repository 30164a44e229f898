import { queryOptions, useQuery } from '@tanstack/react-query';
import { surveyDrawDetailSchema, type SurveyDrawDetail } from '@common/contracts/carbon-surveys';
import { apiClient } from '@web/lib/api-client';
import { surveysQueryKey } from './get-survey-draws';

/** The draw's call list (CSV): its stoves, end users and the result columns to fill in. */
export const surveyCallListPath = (id: string) => `/api/carbon/surveys/draws/${id}/call-list.csv`;

/** GET /api/carbon/surveys/draws/:id */
export async function getSurveyDraw(id: string, signal?: AbortSignal): Promise<SurveyDrawDetail> {
  return surveyDrawDetailSchema.parse(await apiClient.get(`/api/carbon/surveys/draws/${id}`, { signal }));
}

export function surveyDrawQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...surveysQueryKey, 'draw', id],
    queryFn: ({ signal }) => getSurveyDraw(id, signal),
  });
}

export function useSurveyDraw(id: string) {
  return useQuery(surveyDrawQueryOptions(id));
}
