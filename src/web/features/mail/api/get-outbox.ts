import { queryOptions, useQuery } from '@tanstack/react-query';
import { outboxSchema, type Outbox } from '@common/contracts/mail';
import { apiClient } from '@web/lib/api-client';

/** While a mail waits to be sent, the Outbox is asked again this often (its state changes). */
const WAITING_POLL_MS = 5000;

/** GET /api/mail/outbox: the newest 200 mails and where mail goes (Admin group only). */
export async function getOutbox(signal?: AbortSignal): Promise<Outbox> {
  return outboxSchema.parse(await apiClient.get('/api/mail/outbox', { signal }));
}

export function outboxQueryOptions() {
  return queryOptions({
    queryKey: ['mail', 'outbox'],
    queryFn: ({ signal }) => getOutbox(signal),
    refetchInterval: (query) =>
      query.state.data?.items.some((m) => m.status === 'queued' || m.status === 'sending') ? WAITING_POLL_MS : false,
  });
}

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
