/**
 * GET /api/factories/options: every factory, for the factory selects and filters of every area
 * (users, stove IDs, transfers, validation…). One api file, shared, so one cache entry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { factoryOptionsSchema, type FactoryOption } from '@common/contracts/factories';
import { apiClient } from './api-client';

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

/** "MSA — Mombasa Assembly", marked when the factory is no longer active: a factory in every filter. */
export function factoryOptionLabel(f: FactoryOption): string {
  return `${f.code} — ${f.name}${f.active ? '' : ' (inactive)'}`;
}

export function useFactoryOptions() {
  return useQuery(factoryOptionsQueryOptions());
}
