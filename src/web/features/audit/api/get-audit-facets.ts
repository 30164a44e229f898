import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditFacetsSchema, type AuditFacets } from '@common/contracts/audit';
import { apiClient } from '@web/lib/api-client';
import { auditQueryKey } from './get-audit-log';

/** GET /api/audit-log/facets: the record types and actions to filter by. */
export async function getAuditFacets(signal?: AbortSignal): Promise<AuditFacets> {
  return auditFacetsSchema.parse(await apiClient.get('/api/audit-log/facets', { signal }));
}

export function auditFacetsQueryOptions() {
  return queryOptions({ queryKey: [...auditQueryKey, 'facets'], queryFn: ({ signal }) => getAuditFacets(signal) });
}

export function useAuditFacets() {
  return useQuery(auditFacetsQueryOptions());
}
