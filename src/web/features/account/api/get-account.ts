import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountSchema, type Account } from '@common/contracts/account';
import { apiClient } from '@web/lib/api-client';

/** Every query of this feature starts with this key. */
export const accountQueryKey = ['account'] as const;

/** GET /api/me/account: my email, name and whether two-factor sign-in is on. */
export async function getAccount(signal?: AbortSignal): Promise<Account> {
  return accountSchema.parse(await apiClient.get('/api/me/account', { signal }));
}

export function accountQueryOptions() {
  return queryOptions({ queryKey: accountQueryKey, queryFn: ({ signal }) => getAccount(signal) });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}
