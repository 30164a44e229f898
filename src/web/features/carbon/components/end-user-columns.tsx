import { Link } from 'react-router';
import { END_USER_KIND_LABELS, END_USER_STATUS_LABELS, endUserLocation, type EndUser } from '@common/contracts/carbon';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { Badge } from '@web/components/ui/badge';
import { formatDate } from '@web/lib/format';

const none = <span className="text-muted-foreground">—</span>;

/** The stove ID's page, with its history (Stove ID Management). */
export function stoveIdHref(code: string): string {
  return `/stove-id/management/${encodeURIComponent(code)}`;
}

/** The End users list's columns; the stove ID links to its history when the viewer may open it. */
export function endUserColumns(canOpenStoveIds: boolean): readonly DataTableColumn<EndUser>[] {
  return [
    {
      id: 'code',
      header: 'Stove ID',
      sortKey: 'code',
      hideable: false,
      cell: (u) =>
        canOpenStoveIds ? (
          <Link to={stoveIdHref(u.code)} className="font-mono font-medium underline underline-offset-4">
            {u.code}
          </Link>
        ) : (
          <span className="font-mono font-medium">{u.code}</span>
        ),
    },
    { id: 'model', header: 'Model', cell: (u) => u.model ?? none },
    { id: 'factory', header: 'Factory', cell: (u) => <span title={u.factory.name}>{u.factory.code}</span> },
    {
      id: 'saleDate',
      header: 'Sale date',
      sortKey: 'saleDate',
      cell: (u) => <time dateTime={u.order.date}>{formatDate(u.order.date)}</time>,
    },
    { id: 'partner', header: 'Partner', className: 'max-w-48 truncate', cell: (u) => u.partner.name },
    {
      id: 'name',
      header: 'End user',
      sortKey: 'name',
      cell: (u) => (
        <span>
          <span className="font-medium">{u.name}</span>{' '}
          <span className="text-muted-foreground">({END_USER_KIND_LABELS[u.kind]})</span>
        </span>
      ),
    },
    {
      id: 'phone',
      header: 'Phone',
      cell: (u) => (u.phone ? <span className="whitespace-nowrap">{u.phone}</span> : none),
    },
    {
      id: 'location',
      header: 'Location',
      className: 'max-w-56 truncate',
      cell: (u) => endUserLocation(u) || none,
    },
    {
      id: 'handoverDate',
      header: 'Handover date',
      sortKey: 'handoverDate',
      cell: (u) => <time dateTime={u.handoverDate}>{formatDate(u.handoverDate)}</time>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (u) =>
        u.status === 'open' ? (
          <Badge variant="success">{END_USER_STATUS_LABELS.open}</Badge>
        ) : (
          <Badge variant="secondary" title={u.endReason ?? undefined}>
            {END_USER_STATUS_LABELS.ended}
          </Badge>
        ),
    },
  ];
}
