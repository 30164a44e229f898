import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { surveyPlanSchema, type SurveyPlan } from '@common/contracts/carbon-surveys';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** The plan's period, confidence, precision and factory: see surveyPlanQuerySchema. */
export interface SurveyPlanParams {
  from: string;
  to: string;
  confidence: number;
  precision: number;
  factoryId?: string | undefined;
}

/** GET /api/carbon/surveys/plan: the period's cohorts, their populations and sample sizes. */
export async function getSurveyPlan(params: SurveyPlanParams, signal?: AbortSignal): Promise<SurveyPlan> {
  const data = await apiClient.get(withQuery('/api/carbon/surveys/plan', { ...params }), { signal });
  return surveyPlanSchema.parse(data);
}

export function surveyPlanQueryOptions(params: SurveyPlanParams, enabled: boolean) {
  return queryOptions({
    queryKey: ['carbon', 'surveys', 'plan', params],
    queryFn: ({ signal }) => getSurveyPlan(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSurveyPlan(params: SurveyPlanParams, enabled: boolean) {
  return useQuery(surveyPlanQueryOptions(params, enabled));
}
