import { queryOptions, useQuery } from '@tanstack/react-query';
import { salesOrderPricesSchema, type SalesOrderPrices } from '@common/contracts/sales-orders';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { salesOrdersQueryKey } from './get-sales-orders';

export interface SalesOrderPricesInput {
  /** The order's day (YYYY-MM-DD). */
  date: string;
  categoryId: string;
}

/** GET /api/sales/orders/prices: the active packages and their price in force for a category on a day. */
export async function getSalesOrderPrices(
  input: SalesOrderPricesInput,
  signal?: AbortSignal,
): Promise<SalesOrderPrices> {
  const data = await apiClient.get(withQuery('/api/sales/orders/prices', { ...input }), { signal });
  return salesOrderPricesSchema.parse(data);
}

export function salesOrderPricesQueryOptions(input: SalesOrderPricesInput) {
  return queryOptions({
    queryKey: [...salesOrdersQueryKey, 'prices', input.date, input.categoryId],
    queryFn: ({ signal }) => getSalesOrderPrices(input, signal),
    // Prices are set elsewhere: ask again each time the form shows them anew.
    staleTime: 0,
  });
}

/** The quote for the order's day and category; idle while `input` is null (no category or day yet). */
export function useSalesOrderPrices(input: SalesOrderPricesInput | null) {
  return useQuery({
    ...salesOrderPricesQueryOptions(input ?? { date: '', categoryId: '' }),
    enabled: input !== null,
  });
}
