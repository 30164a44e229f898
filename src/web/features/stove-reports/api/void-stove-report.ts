import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stoveReportSchema, type StoveReport, type VoidStoveReport } from '@common/contracts/production';
import { apiClient } from '@web/lib/api-client';
import { invalidateAfterReportChange } from './get-stove-reports';

/**
 * POST /api/stove-reports/:id/void: the IDs return to stock and the kits to the factory. A 409
 * carries `details.problems` [{ code, reason }] for IDs that are no longer coupled.
 */
export async function voidStoveReport(input: VoidStoveReport & { id: string }): Promise<StoveReport> {
  const data = await apiClient.post(`/api/stove-reports/${encodeURIComponent(input.id)}/void`, {
    reason: input.reason,
  });
  return stoveReportSchema.parse(data);
}

export function useVoidStoveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidStoveReport,
    onSettled: () => invalidateAfterReportChange(queryClient),
  });
}
