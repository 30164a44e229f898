import type { Factory } from '@common/contracts/factories';
import { zoneLabel } from '@common/time-zones';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { Badge } from '@web/components/ui/badge';
import { formatDate } from '@web/lib/format';
import { FACTORY_KIND_LABELS } from './factory-kind';

export const FACTORY_COLUMNS: readonly DataTableColumn<Factory>[] = [
  {
    id: 'code',
    header: 'Code',
    sortKey: 'code',
    hideable: false,
    cell: (f) => <span className="font-mono font-medium">{f.code}</span>,
  },
  { id: 'name', header: 'Name', sortKey: 'name', hideable: false, cell: (f) => f.name },
  { id: 'kind', header: 'Kind', sortKey: 'kind', cell: (f) => FACTORY_KIND_LABELS[f.kind] },
  {
    id: 'location',
    header: 'Location',
    className: 'max-w-64 truncate',
    cell: (f) => f.location ?? <span className="text-muted-foreground">—</span>,
  },
  {
    id: 'timeZone',
    header: 'Time zone',
    cell: (f) =>
      f.timeZone ? zoneLabel(f.timeZone) : <span className="text-muted-foreground">Company time zone</span>,
  },
  {
    id: 'active',
    header: 'Active',
    cell: (f) => (f.active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>),
  },
  {
    id: 'createdAt',
    header: 'Created',
    sortKey: 'createdAt',
    cell: (f) => <time dateTime={f.createdAt}>{formatDate(f.createdAt)}</time>,
  },
];
