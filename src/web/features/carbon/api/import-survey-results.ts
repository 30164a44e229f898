import { useMutation, useQueryClient } from '@tanstack/react-query';
import { csvImportResultSchema, type CsvImportRequest, type CsvImportResult } from '@common/contracts/list';
import { apiClient } from '@web/lib/api-client';
import { surveysQueryKey } from './get-survey-draws';

/** POST /api/carbon/surveys/draws/:id/results/import: a dry run or the import, all or nothing. */
export async function importSurveyResults(input: { drawId: string } & CsvImportRequest): Promise<CsvImportResult> {
  const { drawId, ...request } = input;
  return csvImportResultSchema.parse(
    await apiClient.post(`/api/carbon/surveys/draws/${drawId}/results/import`, request),
  );
}

export function useImportSurveyResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSurveyResults,
    onSuccess: (result) => {
      if (result.imported > 0) void queryClient.invalidateQueries({ queryKey: surveysQueryKey });
    },
  });
}
