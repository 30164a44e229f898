import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stoveReportSchema, type StoveReport, type SubmitStoveReport } from '@common/contracts/production';
import { apiClient } from '@web/lib/api-client';
import { invalidateAfterReportChange } from './get-stove-reports';

/**
 * POST /api/stove-reports: the IDs become coupled and one kit per stove is consumed (all or
 * nothing). A 409 carries `details.problems` [{ code, reason }] for the IDs (or the kits) refused.
 */
export async function submitStoveReport(input: SubmitStoveReport): Promise<StoveReport> {
  const data = await apiClient.post('/api/stove-reports', { ...input, codes: [...input.codes] });
  return stoveReportSchema.parse(data);
}

export function useSubmitStoveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitStoveReport,
    onSettled: () => invalidateAfterReportChange(queryClient),
  });
}
