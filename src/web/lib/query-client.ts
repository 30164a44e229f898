import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import { QUERY_RETRY, QUERY_STALE_TIME_MS } from '@common/constants';
import { isClientError, isUnauthenticatedError } from './api-client';

/** Retry once (spec §9), but never a 4xx: asking again will not change the answer. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isClientError(error)) return false;
  return failureCount < QUERY_RETRY;
}

export interface QueryClientHooks {
  /** Called when any query or mutation answers 401 (signed out or session expired). */
  onUnauthenticated?: () => void;
}

export function createQueryClient(hooks: QueryClientHooks = {}): QueryClient {
  const handleError = (error: unknown) => {
    if (isUnauthenticatedError(error)) hooks.onUnauthenticated?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: shouldRetry,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
