import { queryOptions, useQuery } from '@tanstack/react-query';
import { labelSheetSchema, type LabelSheet } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';

/** POST /api/stove-ids/labels { codes }: the label sheet of chosen IDs (at most 5,000). */
export async function getSelectionLabels(codes: readonly string[], signal?: AbortSignal): Promise<LabelSheet> {
  const data = await apiClient.post('/api/stove-ids/labels', { codes }, { signal });
  return labelSheetSchema.parse(data);
}

export function selectionLabelsQueryOptions(codes: readonly string[]) {
  return queryOptions({
    queryKey: ['stove-id-labels', 'codes', codes],
    queryFn: ({ signal }) => getSelectionLabels(codes, signal),
  });
}

export function useSelectionLabels(codes: readonly string[] | null) {
  return useQuery({ ...selectionLabelsQueryOptions(codes ?? []), enabled: codes !== null && codes.length > 0 });
}
