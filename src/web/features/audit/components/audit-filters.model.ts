/** The audit list's state in the URL, and how its day filters become instants for the server. */
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { addDays, isIsoDay } from '@common/calendar-days';
import { viewerInstant } from '@web/lib/time-zone';

export const AUDIT_FILTERS = { actorId: null, recordType: null, action: null, from: null, to: null } as const;

export const AUDIT_LIST: ListStateConfig<'at', typeof AUDIT_FILTERS> = {
  sortable: ['at'],
  defaultSort: 'at',
  defaultDir: 'desc',
  filters: AUDIT_FILTERS,
};

export type AuditListParams = Readonly<Record<string, string | number | undefined>>;

/** The first (or last) millisecond of a YYYY-MM-DD day on the viewer's calendar, as ISO; undefined if not a day. */
export function localDayBound(day: string, end: boolean): string | undefined {
  if (!isIsoDay(day)) return undefined;
  const bound = end ? viewerInstant(addDays(day, 1)).getTime() - 1 : viewerInstant(day).getTime();
  return new Date(bound).toISOString();
}

/** The list's parameters with `from`/`to` days turned into the local day's first and last instant. */
export function withLocalDayBounds(params: AuditListParams): AuditListParams {
  const { from, to } = params;
  return {
    ...params,
    from: typeof from === 'string' ? (localDayBound(from, false) ?? from) : from,
    to: typeof to === 'string' ? (localDayBound(to, true) ?? to) : to,
  };
}
