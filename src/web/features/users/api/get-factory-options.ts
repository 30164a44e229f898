import { queryOptions, useQuery } from '@tanstack/react-query';
import { factoryOptionsSchema, type FactoryOption } from '@common/contracts/factories';
import { apiClient } from '@web/lib/api-client';

/** GET /api/factories/options: every factory, for the user form and the factory filter. */
export async function getFactoryOptions(signal?: AbortSignal): Promise<FactoryOption[]> {
  const data = await apiClient.get('/api/factories/options', { signal });
  return factoryOptionsSchema.parse(data).items;
}

export function factoryOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['factories', 'options'],
    queryFn: ({ signal }) => getFactoryOptions(signal),
  });
}

export function useFactoryOptions() {
  return useQuery(factoryOptionsQueryOptions());
}
