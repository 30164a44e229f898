import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { partnerListSchema, type Partner } from '@common/contracts/partners';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** How many customers one search shows. */
export const CUSTOMER_SEARCH_LIMIT = 20;

/** GET /api/partners?q&active=true: the active customers matching a search (name, contact, phone, region...). */
export async function searchCustomers(q: string, signal?: AbortSignal): Promise<Partner[]> {
  const data = await apiClient.get(
    withQuery('/api/partners', { q: q.trim(), active: 'true', sort: 'name', dir: 'asc', limit: CUSTOMER_SEARCH_LIMIT }),
    { signal },
  );
  return partnerListSchema.parse(data).items;
}

export function customerSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['partners', 'customer-search', q.trim()],
    queryFn: ({ signal }) => searchCustomers(q, signal),
    // Keep the last answers in the list while the next search runs.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The customers matching `q`; idle while `enabled` is false (the list is closed). */
export function useCustomerSearch(q: string, enabled: boolean) {
  return useQuery({ ...customerSearchQueryOptions(q), enabled });
}
