import { Link } from 'react-router';
import { END_USER_KIND_LABELS, endUserLocation } from '@common/contracts/carbon';
import { hasLocation, type SalesRecordItem } from '@common/contracts/carbon-records';
import { STOVE_ID_STATUS_LABELS } from '@common/contracts/stove-ids';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { Badge } from '@web/components/ui/badge';
import { formatDate } from '@web/lib/format';
import { stoveIdHref } from './end-user-columns';

const none = <span className="text-muted-foreground">—</span>;

/** The End Users screen with the Register end user form open for this stove. */
export function registerEndUserHref(code: string): string {
  return `/carbon/end-users?register=${encodeURIComponent(code)}`;
}

/** The Sales Record's columns; the stove ID links to its history when the viewer may open it. */
export function salesRecordColumns(canOpenStoveIds: boolean): readonly DataTableColumn<SalesRecordItem>[] {
  return [
    {
      id: 'code',
      header: 'Stove ID',
      sortKey: 'code',
      hideable: false,
      cell: (s) =>
        canOpenStoveIds ? (
          <Link to={stoveIdHref(s.code)} className="font-mono font-medium underline underline-offset-4">
            {s.code}
          </Link>
        ) : (
          <span className="font-mono font-medium">{s.code}</span>
        ),
    },
    { id: 'model', header: 'Model', cell: (s) => s.model ?? none },
    { id: 'factory', header: 'Factory', cell: (s) => <span title={s.factory.name}>{s.factory.code}</span> },
    {
      id: 'saleDate',
      header: 'Sale date',
      sortKey: 'saleDate',
      cell: (s) => <time dateTime={s.saleDate}>{formatDate(s.saleDate)}</time>,
    },
    { id: 'order', header: 'Order', cell: (s) => <span className="whitespace-nowrap">{s.order.label}</span> },
    { id: 'partner', header: 'Partner', className: 'max-w-48 truncate', cell: (s) => s.partner.name },
    {
      id: 'endUser',
      header: 'End user',
      cell: (s) =>
        s.endUser ? (
          <span>
            <span className="font-medium">{s.endUser.name}</span>{' '}
            <span className="text-muted-foreground">({END_USER_KIND_LABELS[s.endUser.kind]})</span>
          </span>
        ) : s.returned ? (
          none
        ) : (
          <Link
            to={registerEndUserHref(s.code)}
            className="whitespace-nowrap text-destructive underline underline-offset-4"
            aria-label={`Register the end user of ${s.code}`}
          >
            Register end user
          </Link>
        ),
    },
    {
      id: 'location',
      header: 'Location',
      className: 'max-w-56 truncate',
      cell: (s) =>
        s.endUser && hasLocation(s.endUser) ? (
          endUserLocation(s.endUser) || `${s.endUser.latitude ?? ''}, ${s.endUser.longitude ?? ''}`
        ) : (
          <span className="text-destructive">Missing</span>
        ),
    },
    {
      id: 'status',
      header: 'Status now',
      cell: (s) => (
        <span className="flex flex-wrap gap-1">
          <Badge variant={s.status === 'sold' ? 'success' : 'secondary'}>{STOVE_ID_STATUS_LABELS[s.status]}</Badge>
          {s.returned ? <Badge variant="outline">Returned</Badge> : null}
        </span>
      ),
    },
  ];
}
