import { queryOptions, useQuery } from '@tanstack/react-query';
import { meResponseSchema, type MeResponse } from '@common/contracts/me';
import { apiClient, isUnauthenticatedError } from '@web/lib/api-client';
import { setViewerTimeZone } from '@web/lib/time-zone';

export const meQueryKey = ['me'] as const;

/**
 * GET /api/me. Resolves to null when nobody is signed in (401 UNAUTHENTICATED
 * or SESSION_EXPIRED), so "signed out" is data, not an error.
 */
export async function getMe(signal?: AbortSignal): Promise<MeResponse | null> {
  try {
    const me = meResponseSchema.parse(await apiClient.get('/api/me', { signal }));
    // Before any screen shows a date: the user's days and times are their factory's zone's.
    setViewerTimeZone(me.timeZone, me.companyTimeZone);
    return me;
  } catch (error) {
    if (isUnauthenticatedError(error)) {
      setViewerTimeZone(null);
      return null;
    }
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
