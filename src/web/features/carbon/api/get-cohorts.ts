import { queryOptions, useQuery } from '@tanstack/react-query';
import { carbonCohortsSchema, type CarbonCohorts } from '@common/contracts/carbon-records';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** The months of the table as CSV (with the same factory). */
export const COHORTS_CSV_PATH = '/api/carbon/cohorts/export.csv';

/** GET /api/carbon/cohorts */
export async function getCohorts(factoryId: string | undefined, signal?: AbortSignal): Promise<CarbonCohorts> {
  const data = await apiClient.get(withQuery('/api/carbon/cohorts', { factoryId }), { signal });
  return carbonCohortsSchema.parse(data);
}

export function cohortsQueryOptions(factoryId: string | undefined) {
  return queryOptions({
    queryKey: ['carbon', 'cohorts', factoryId ?? null],
    queryFn: ({ signal }) => getCohorts(factoryId, signal),
  });
}

export function useCohorts(factoryId: string | undefined) {
  return useQuery(cohortsQueryOptions(factoryId));
}
