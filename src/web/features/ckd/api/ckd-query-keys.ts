/**
 * The query keys of the CKD feature, and what to fetch again after a change: every CKD query
 * starts with `ckd`; kit movements also change the CKD reports, and produced records the steel.
 */
import type { QueryClient } from '@tanstack/react-query';

export const ckdQueryKey = ['ckd'] as const;

/** After kits moved (a produced record or a transfer): stock, lists and reports are read again. */
export async function invalidateAfterKitsMoved(queryClient: QueryClient, options: { steel: boolean }): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ckdQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['ckd-reports'] }),
    options.steel ? queryClient.invalidateQueries({ queryKey: ['steel'] }) : undefined,
  ]);
}
