import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  salesOrderIdCheckSchema,
  type CheckSalesOrderIds,
  type SalesOrderIdCheck,
} from '@common/contracts/sales-orders';
import { apiClient } from '@web/lib/api-client';
import { salesOrdersQueryKey } from './get-sales-orders';

export interface SalesOrderCheckInput {
  factoryId: string;
  codes: readonly string[];
  /** The order's lines with a package and quantity: IDs of a model they do not need get 'wrong_model'. */
  lines: readonly { packageId: string; quantity: number }[];
}

/** POST /api/sales/orders/check: whether each code can be sold from the factory (changes nothing). */
export async function checkSalesOrderIds(
  input: SalesOrderCheckInput,
  signal?: AbortSignal,
): Promise<SalesOrderIdCheck> {
  const body: CheckSalesOrderIds = { factoryId: input.factoryId, codes: [...input.codes], lines: [...input.lines] };
  const data = await apiClient.post('/api/sales/orders/check', body, { signal });
  return salesOrderIdCheckSchema.parse(data);
}

const linesKey = (lines: SalesOrderCheckInput['lines']) => lines.map((l) => `${l.packageId}×${l.quantity}`).join(',');

/**
 * `listKey` names the list cheaply (e.g. the codes joined), so a thousand codes are not hashed as
 * an array on every render.
 */
export function salesOrderCheckQueryOptions(input: SalesOrderCheckInput, listKey: string) {
  return queryOptions({
    queryKey: [...salesOrdersQueryKey, 'check', input.factoryId, linesKey(input.lines), listKey],
    queryFn: ({ signal }) => checkSalesOrderIds(input, signal),
    // Eligibility changes as other people sell: ask again whenever the list is shown anew.
    staleTime: 0,
    gcTime: 30_000,
    retry: false,
    // While a changed list is checked, the codes already checked keep their verdicts (same factory only).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === input.factoryId ? previous : undefined,
  });
}

/** The eligibility of `input.codes`; idle while `input` is null (no factory or no codes yet). */
export function useSalesOrderCheck(input: SalesOrderCheckInput | null, listKey: string) {
  return useQuery({
    ...salesOrderCheckQueryOptions(input ?? { factoryId: '', codes: [], lines: [] }, listKey),
    enabled: input !== null,
  });
}
