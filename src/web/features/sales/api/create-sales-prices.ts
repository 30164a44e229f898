import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdSalesPricesSchema, type CreateSalesPrices, type SalesPrice } from '@common/contracts/sales';
import { apiClient } from '@web/lib/api-client';
import { salesQueryKey } from './sales-query-keys';

/**
 * POST /api/sales/prices: a price list from one date, every cell or none (400 with fieldErrors such
 * as `prices.3.unitPrice` or `prices.0.packageId`).
 */
export async function createSalesPrices(input: CreateSalesPrices): Promise<SalesPrice[]> {
  const data = await apiClient.post('/api/sales/prices', input);
  return createdSalesPricesSchema.parse(data).items;
}

export function useCreateSalesPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSalesPrices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}
