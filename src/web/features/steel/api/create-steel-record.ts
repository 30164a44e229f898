import { useMutation, useQueryClient } from '@tanstack/react-query';
import { steelRecordSchema, type CreateSteelRecord, type SteelRecord } from '@common/contracts/steel';
import { apiClient } from '@web/lib/api-client';
import { steelQueryKey } from './get-steel-overview';

/** POST /api/steel/records (409 with details.problems when the stock would go negative). */
export async function createSteelRecord(input: CreateSteelRecord): Promise<SteelRecord> {
  const data = await apiClient.post('/api/steel/records', input);
  return steelRecordSchema.parse(data);
}

export function useCreateSteelRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSteelRecord,
    // Stock moved: the overview, the categories' totals and the records all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: steelQueryKey }),
  });
}
