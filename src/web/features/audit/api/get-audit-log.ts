import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogListSchema, type AuditEntry } from '@common/contracts/audit';
import type { ListResponse } from '@common/contracts/list';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { withLocalDayBounds, type AuditListParams } from '../components/audit-filters.model';

/** Every audit query starts with this key. */
export const auditQueryKey = ['audit-log'] as const;

/** GET /api/audit-log/export.csv with the same search and filters (dates as local days). */
export function auditExportHref(params: AuditListParams): string {
  const { limit: _limit, cursor: _cursor, ...rest } = withLocalDayBounds(params);
  return withQuery('/api/audit-log/export.csv', rest);
}

/** GET /api/audit-log: q (record id), actorId, recordType, action, from, to, sort, dir, limit, cursor. */
export async function getAuditLog(params: AuditListParams, signal?: AbortSignal): Promise<ListResponse<AuditEntry>> {
  const data = await apiClient.get(withQuery('/api/audit-log', withLocalDayBounds(params)), { signal });
  return auditLogListSchema.parse(data);
}

export function auditLogQueryOptions(params: AuditListParams) {
  return queryOptions({
    queryKey: [...auditQueryKey, 'list', params],
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(params: AuditListParams) {
  return useQuery(auditLogQueryOptions(params));
}
