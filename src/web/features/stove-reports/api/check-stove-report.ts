import { queryOptions, useQuery } from '@tanstack/react-query';
import { stoveReportCheckSchema, type StoveReportCheck } from '@common/contracts/production';
import { apiClient } from '@web/lib/api-client';
import { stoveReportsQueryKey } from './get-stove-reports';

export interface StoveReportCheckInput {
  factoryId: string;
  /** '' without a stove model (then no kit count). */
  categoryId: string;
  codes: readonly string[];
}

/** POST /api/stove-reports/check: each code's eligibility and the kits available (changes nothing). */
export async function checkStoveReport(input: StoveReportCheckInput, signal?: AbortSignal): Promise<StoveReportCheck> {
  const data = await apiClient.post(
    '/api/stove-reports/check',
    { factoryId: input.factoryId, categoryId: input.categoryId || null, codes: [...input.codes] },
    { signal },
  );
  return stoveReportCheckSchema.parse(data);
}

/**
 * `listKey` names the list cheaply (e.g. the codes joined), so a thousand codes are not hashed as
 * an array on every render.
 */
export function stoveReportCheckQueryOptions(input: StoveReportCheckInput, listKey: string) {
  return queryOptions({
    queryKey: [...stoveReportsQueryKey, 'check', input.factoryId, input.categoryId, listKey],
    queryFn: ({ signal }) => checkStoveReport(input, signal),
    // Eligibility and kit stock change as other people report: ask again whenever the list is shown anew.
    staleTime: 0,
    gcTime: 30_000,
    retry: false,
    // While a changed list is checked, the codes already checked keep their verdicts (same factory only).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === input.factoryId ? previous : undefined,
  });
}

/** The eligibility of `input.codes`; idle while `input` is null (no factory or no codes yet). */
export function useStoveReportCheck(input: StoveReportCheckInput | null, listKey: string) {
  return useQuery({
    ...stoveReportCheckQueryOptions(input ?? { factoryId: '', categoryId: '', codes: [] }, listKey),
    enabled: input !== null,
  });
}
