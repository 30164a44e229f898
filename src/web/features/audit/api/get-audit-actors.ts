import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditActorsSchema, type AuditActor } from '@common/contracts/audit';
import { apiClient } from '@web/lib/api-client';
import { auditQueryKey } from './get-audit-log';

/** GET /api/audit-log/actors: everyone who appears as the user of an entry. */
export async function getAuditActors(signal?: AbortSignal): Promise<AuditActor[]> {
  return auditActorsSchema.parse(await apiClient.get('/api/audit-log/actors', { signal })).items;
}

export function auditActorsQueryOptions() {
  return queryOptions({ queryKey: [...auditQueryKey, 'actors'], queryFn: ({ signal }) => getAuditActors(signal) });
}

export function useAuditActors() {
  return useQuery(auditActorsQueryOptions());
}
