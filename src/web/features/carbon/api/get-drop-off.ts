import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropOffSchema, type DropOff } from '@common/contracts/carbon-surveys';
import { apiClient } from '@web/lib/api-client';
import { surveysQueryKey } from './get-survey-draws';

/** The drop-off table as CSV. */
export const dropOffCsvPath = (id: string) => `/api/carbon/surveys/draws/${id}/drop-off.csv`;

/** GET /api/carbon/surveys/draws/:id/drop-off */
export async function getDropOff(id: string, signal?: AbortSignal): Promise<DropOff> {
  return dropOffSchema.parse(await apiClient.get(`/api/carbon/surveys/draws/${id}/drop-off`, { signal }));
}

export function dropOffQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...surveysQueryKey, 'drop-off', id],
    queryFn: ({ signal }) => getDropOff(id, signal),
  });
}

export function useDropOff(id: string) {
  return useQuery(dropOffQueryOptions(id));
}
