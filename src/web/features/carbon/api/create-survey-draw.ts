import { useMutation, useQueryClient } from '@tanstack/react-query';
import { surveyDrawDetailSchema, type CreateSurveyDraw, type SurveyDrawDetail } from '@common/contracts/carbon-surveys';
import { apiClient } from '@web/lib/api-client';
import { surveysQueryKey } from './get-survey-draws';

/** POST /api/carbon/surveys/draws: draws and records a sample. */
export async function createSurveyDraw(input: CreateSurveyDraw): Promise<SurveyDrawDetail> {
  return surveyDrawDetailSchema.parse(await apiClient.post('/api/carbon/surveys/draws', input));
}

export function useCreateSurveyDraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSurveyDraw,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: surveysQueryKey }),
  });
}
