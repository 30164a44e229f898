import { queryOptions, useQuery } from '@tanstack/react-query';
import { labelSheetSchema, type LabelSheet } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** GET /api/stove-ids/labels?batchId=…: the codes of one batch, for its label sheet. */
export async function getBatchLabels(batchId: string, signal?: AbortSignal): Promise<LabelSheet> {
  const data = await apiClient.get(withQuery('/api/stove-ids/labels', { batchId }), { signal });
  return labelSheetSchema.parse(data);
}

export function batchLabelsQueryOptions(batchId: string) {
  return queryOptions({
    queryKey: ['stove-id-labels', 'batch', batchId],
    queryFn: ({ signal }) => getBatchLabels(batchId, signal),
  });
}

export function useBatchLabels(batchId: string | null) {
  return useQuery({ ...batchLabelsQueryOptions(batchId ?? ''), enabled: batchId !== null });
}
