import { useMutation, useQueryClient } from '@tanstack/react-query';
import { producedRecordSchema, type CreateProducedRecord, type ProducedRecord } from '@common/contracts/ckd';
import { apiClient } from '@web/lib/api-client';
import { invalidateAfterKitsMoved } from './ckd-query-keys';

/**
 * POST /api/ckd/produced-records: adds the kits and consumes the category's steel, all or nothing.
 * A 409 carries `details.problems` [{ code, reason }], one per short steel category.
 */
export async function createProducedRecord(input: CreateProducedRecord): Promise<ProducedRecord> {
  const data = await apiClient.post('/api/ckd/produced-records', input);
  return producedRecordSchema.parse(data);
}

export function useCreateProducedRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProducedRecord,
    onSettled: () => invalidateAfterKitsMoved(queryClient, { steel: true }),
  });
}
