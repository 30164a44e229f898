import type { Partner } from '@common/contracts/partners';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { Badge } from '@web/components/ui/badge';
import { formatDate } from '@web/lib/format';
import { PARTNER_TYPE_LABELS } from './partner-type';

const none = <span className="text-muted-foreground">—</span>;

export const PARTNER_COLUMNS: readonly DataTableColumn<Partner>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    hideable: false,
    cell: (p) => <span className="font-medium">{p.name}</span>,
  },
  { id: 'type', header: 'Type', sortKey: 'type', cell: (p) => PARTNER_TYPE_LABELS[p.type] },
  {
    id: 'contactPerson',
    header: 'Contact person',
    className: 'max-w-48 truncate',
    cell: (p) => p.contactPerson ?? none,
  },
  {
    id: 'phone',
    header: 'Phone',
    cell: (p) => (p.phone ? <span className="whitespace-nowrap">{p.phone}</span> : none),
  },
  { id: 'email', header: 'Email', className: 'max-w-56 truncate', cell: (p) => p.email ?? none },
  { id: 'region', header: 'Region', sortKey: 'region', cell: (p) => p.region || none },
  {
    id: 'defaultSalesCategory',
    header: 'Sales category',
    cell: (p) =>
      p.defaultSalesCategory ? <span title={p.defaultSalesCategory.name}>{p.defaultSalesCategory.code}</span> : none,
  },
  {
    id: 'active',
    header: 'Active',
    cell: (p) => (p.active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>),
  },
  {
    id: 'createdAt',
    header: 'Created',
    sortKey: 'createdAt',
    cell: (p) => <time dateTime={p.createdAt}>{formatDate(p.createdAt)}</time>,
  },
];
