import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dailyProductionReportSchema,
  type CreateDailyProductionReport,
  type DailyProductionReport,
} from '@common/contracts/productivity';
import { apiClient } from '@web/lib/api-client';
import { dailyProductionReportsQueryKey } from './get-daily-production-reports';
import { productivityTrackerQueryKey } from './get-productivity-tracker';

/** POST /api/daily-production-reports (409 with fieldErrors.date when the factory's day has a report). */
export async function createDailyProductionReport(input: CreateDailyProductionReport): Promise<DailyProductionReport> {
  const data = await apiClient.post('/api/daily-production-reports', input);
  return dailyProductionReportSchema.parse(data);
}

export function useCreateDailyProductionReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDailyProductionReport,
    // Also after a 409: the day's report exists, and the form should load it.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: dailyProductionReportsQueryKey });
      await queryClient.invalidateQueries({ queryKey: productivityTrackerQueryKey });
    },
  });
}
