import { Link } from 'react-router';
import type { StoveId } from '@common/contracts/stove-ids';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { formatDate, formatDateTime } from '@web/lib/format';
import { batchLabel } from './stove-id-format';
import { StoveIdStatusBadge } from './stove-id-status-badge';

/** The page of one stove ID. */
export function stoveIdHref(code: string): string {
  return `/stove-id/management/${encodeURIComponent(code)}`;
}

export const STOVE_ID_COLUMNS: readonly DataTableColumn<StoveId>[] = [
  {
    id: 'code',
    header: 'Stove ID',
    sortKey: 'code',
    hideable: false,
    cell: (s) => (
      <Link to={stoveIdHref(s.code)} className="font-mono font-medium underline-offset-4 hover:underline">
        {s.code}
      </Link>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    hideable: false,
    cell: (s) => <StoveIdStatusBadge status={s.status} heldStatus={s.heldStatus} />,
  },
  {
    id: 'factory',
    header: 'Factory',
    cell: (s) => (
      <span className="whitespace-nowrap" title={s.factory.name}>
        {s.factory.code} <span className="text-muted-foreground">{s.factory.name}</span>
      </span>
    ),
  },
  {
    id: 'batch',
    header: 'Batch',
    cell: (s) => (
      <span className="whitespace-nowrap">
        {batchLabel(s.batch.number)}{' '}
        <span className="text-muted-foreground">{s.batch.kind === 'imported' ? '(import)' : ''}</span>
      </span>
    ),
  },
  {
    id: 'createdAt',
    header: 'Created',
    sortKey: 'createdAt',
    cell: (s) => <time dateTime={s.createdAt}>{formatDate(s.createdAt)}</time>,
  },
  {
    id: 'updatedAt',
    header: 'Last change',
    cell: (s) => (
      <time dateTime={s.updatedAt} className="whitespace-nowrap">
        {formatDateTime(s.updatedAt)}
      </time>
    ),
  },
];
