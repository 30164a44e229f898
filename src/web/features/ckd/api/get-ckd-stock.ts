import { queryOptions, useQuery } from '@tanstack/react-query';
import { ckdStockSchema, type CkdStock } from '@common/contracts/ckd';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { ckdQueryKey } from './ckd-query-keys';

/** GET /api/ckd/stock: kits per factory × category (one factory when `factoryId` is given). */
export async function getCkdStock(factoryId: string | undefined, signal?: AbortSignal): Promise<CkdStock> {
  const data = await apiClient.get(withQuery('/api/ckd/stock', { factoryId }), { signal });
  return ckdStockSchema.parse(data);
}

export function ckdStockQueryOptions(factoryId: string | undefined) {
  return queryOptions({
    queryKey: [...ckdQueryKey, 'stock', factoryId ?? 'all'],
    queryFn: ({ signal }) => getCkdStock(factoryId, signal),
  });
}

export function useCkdStock(factoryId: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({ ...ckdStockQueryOptions(factoryId), enabled: options.enabled ?? true });
}
