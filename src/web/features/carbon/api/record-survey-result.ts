import { useMutation, useQueryClient } from '@tanstack/react-query';
import { surveyMemberSchema, type SurveyMember, type SurveyResultFields } from '@common/contracts/carbon-surveys';
import { apiClient } from '@web/lib/api-client';
import { surveysQueryKey } from './get-survey-draws';

/** PUT /api/carbon/surveys/draws/:id/results/:code: adds or replaces one sampled stove's result. */
export async function recordSurveyResult(input: {
  drawId: string;
  code: string;
  result: SurveyResultFields;
}): Promise<SurveyMember> {
  return surveyMemberSchema.parse(
    await apiClient.put(
      `/api/carbon/surveys/draws/${input.drawId}/results/${encodeURIComponent(input.code)}`,
      input.result,
    ),
  );
}

export function useRecordSurveyResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordSurveyResult,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: surveysQueryKey }),
  });
}
