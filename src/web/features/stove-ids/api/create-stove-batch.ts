import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  stoveBatchProgressSchema,
  stoveBatchSchema,
  type createStoveBatchSchema,
  type StoveBatch,
} from '@common/contracts/stove-ids';
import { ApiRequestError, apiClient } from '@web/lib/api-client';
import { stoveIdsQueryKey } from './get-stove-ids';
import { stoveBatchesQueryKey } from './get-stove-batches';

/** The batch as the form sends it (the contract's parsed values). */
export type CreateStoveBatchValues = z.output<typeof createStoveBatchSchema>;

/**
 * POST /api/stove-id-batches with `Accept: application/x-ndjson`: reads the streamed progress
 * lines (`{ progress: 0..1 }`) and resolves with the created batch. A 409 (codes that exist)
 * throws an ApiRequestError whose details.problems list the codes.
 */
export async function createStoveBatch(
  values: CreateStoveBatchValues,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<StoveBatch> {
  for await (const line of apiClient.stream('/api/stove-id-batches', values, { signal })) {
    const parsed = stoveBatchProgressSchema.safeParse(line);
    if (parsed.success) {
      if ('progress' in parsed.data) onProgress?.(parsed.data.progress);
      else if ('batch' in parsed.data) return parsed.data.batch;
      continue;
    }
    // A server that answered with plain JSON (no stream): the batch itself.
    const batch = stoveBatchSchema.safeParse(line);
    if (batch.success) return batch.data;
  }
  throw new ApiRequestError({
    status: 0,
    code: 'NETWORK_ERROR',
    message: 'The connection ended before the batch was confirmed. Check the list before trying again.',
  });
}

export function useCreateStoveBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, onProgress }: { values: CreateStoveBatchValues; onProgress?: (fraction: number) => void }) =>
      createStoveBatch(values, onProgress),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: stoveIdsQueryKey }),
        queryClient.invalidateQueries({ queryKey: stoveBatchesQueryKey }),
      ]);
    },
  });
}
