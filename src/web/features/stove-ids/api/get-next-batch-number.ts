import { queryOptions, useQuery } from '@tanstack/react-query';
import { nextBatchNumberSchema, type NextBatchNumber } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { stoveBatchesQueryKey } from './get-stove-batches';

/** GET /api/stove-id-batches/next-number: where a new batch of a prefix and width can start. */
export async function getNextBatchNumber(
  query: { prefix: string; width: number },
  signal?: AbortSignal,
): Promise<NextBatchNumber> {
  const data = await apiClient.get(withQuery('/api/stove-id-batches/next-number', query), { signal });
  return nextBatchNumberSchema.parse(data);
}

/** Under the batches' key, so a new batch (which invalidates them) moves the suggestion on. */
export function nextBatchNumberQueryOptions(query: { prefix: string; width: number }) {
  return queryOptions({
    queryKey: [...stoveBatchesQueryKey, 'next-number', query.prefix, query.width],
    queryFn: ({ signal }) => getNextBatchNumber(query, signal),
    // Another clerk may generate meanwhile: ask again each time the dialog shows it.
    staleTime: 0,
  });
}

/** The suggestion for `query`; idle while it is null (no valid prefix and width yet). */
export function useNextBatchNumber(query: { prefix: string; width: number } | null) {
  return useQuery({ ...nextBatchNumberQueryOptions(query ?? { prefix: '', width: 0 }), enabled: query !== null });
}
