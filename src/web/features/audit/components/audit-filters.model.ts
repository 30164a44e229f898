/** The audit list's state in the URL, and how its day filters become instants for the server. */
import type { ListStateConfig } from '@web/components/data-table/list-state.model';

export const AUDIT_FILTERS = { actorId: null, recordType: null, action: null, from: null, to: null } as const;

export const AUDIT_LIST: ListStateConfig<'at', typeof AUDIT_FILTERS> = {
  sortable: ['at'],
  defaultSort: 'at',
  defaultDir: 'desc',
  filters: AUDIT_FILTERS,
};

export type AuditListParams = Readonly<Record<string, string | number | undefined>>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first (or last) millisecond of a YYYY-MM-DD day in the browser's time zone, as ISO; undefined if not a day. */
export function localDayBound(day: string, end: boolean): string | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d, 0, 0, 0, 0);
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return undefined;
  return date.toISOString();
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
