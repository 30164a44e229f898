import { queryOptions, useQuery } from '@tanstack/react-query';
import { transferCheckSchema, type TransferCheck } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';
import { stoveTransfersQueryKey } from './get-stove-transfers';

export interface TransferCheckInput {
  fromFactoryId: string;
  toFactoryId: string;
  codes: readonly string[];
}

/** POST /api/stove-transfers/check: each code's eligibility for a transfer (changes nothing). */
export async function checkStoveTransfer(input: TransferCheckInput, signal?: AbortSignal): Promise<TransferCheck> {
  const data = await apiClient.post(
    '/api/stove-transfers/check',
    { fromFactoryId: input.fromFactoryId, toFactoryId: input.toFactoryId, codes: [...input.codes] },
    { signal },
  );
  return transferCheckSchema.parse(data);
}

/**
 * `listKey` names the list cheaply (e.g. the codes joined), so thousands of codes are not hashed
 * as an array on every render.
 */
export function transferCheckQueryOptions(input: TransferCheckInput, listKey: string) {
  return queryOptions({
    queryKey: [...stoveTransfersQueryKey, 'check', input.fromFactoryId, input.toFactoryId, listKey],
    queryFn: ({ signal }) => checkStoveTransfer(input, signal),
    // Eligibility changes as other people move IDs: ask again whenever the list is shown anew.
    staleTime: 0,
    gcTime: 30_000,
    retry: false,
    // While a changed list is checked, the codes already checked keep their verdicts (same factories only).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === input.fromFactoryId && previousQuery.queryKey[3] === input.toFactoryId
        ? previous
        : undefined,
  });
}

/** The eligibility of `input.codes`; idle while `input` is null (no factories or no codes yet). */
export function useTransferCheck(input: TransferCheckInput | null, listKey: string) {
  return useQuery({
    ...transferCheckQueryOptions(input ?? { fromFactoryId: '', toFactoryId: '', codes: [] }, listKey),
    enabled: input !== null,
  });
}
