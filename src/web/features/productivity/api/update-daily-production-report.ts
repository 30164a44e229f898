import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dailyProductionReportSchema,
  type DailyProductionReport,
  type UpdateDailyProductionReport,
} from '@common/contracts/productivity';
import { apiClient } from '@web/lib/api-client';
import { dailyProductionReportsQueryKey } from './get-daily-production-reports';
import { productivityTrackerQueryKey } from './get-productivity-tracker';

/** PATCH /api/daily-production-reports/:id: the figures and notes. */
export async function updateDailyProductionReport({
  id,
  changes,
}: {
  id: string;
  changes: UpdateDailyProductionReport;
}): Promise<DailyProductionReport> {
  const data = await apiClient.patch(`/api/daily-production-reports/${encodeURIComponent(id)}`, changes);
  return dailyProductionReportSchema.parse(data);
}

export function useUpdateDailyProductionReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDailyProductionReport,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dailyProductionReportsQueryKey });
      await queryClient.invalidateQueries({ queryKey: productivityTrackerQueryKey });
    },
  });
}
