import type { User } from '@common/contracts/users';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { Badge } from '@web/components/ui/badge';
import { formatDate, formatDateTime } from '@web/lib/format';

const none = <span className="text-muted-foreground">—</span>;

export const USER_COLUMNS: readonly DataTableColumn<User>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    hideable: false,
    cell: (u) => <span className="font-medium">{u.name}</span>,
  },
  { id: 'email', header: 'Email', sortKey: 'email', cell: (u) => u.email },
  {
    id: 'groups',
    header: 'Groups',
    className: 'max-w-72',
    cell: (u) => (
      <ul className="flex flex-wrap gap-1" aria-label={`Groups of ${u.name}`}>
        {u.groups.map((g) => (
          <li key={g}>
            <Badge variant="outline">{g}</Badge>
          </li>
        ))}
      </ul>
    ),
  },
  { id: 'factory', header: 'Factory', cell: (u) => (u.factory ? `${u.factory.name} (${u.factory.code})` : none) },
  {
    id: 'active',
    header: 'Status',
    cell: (u) => (
      <span className="flex flex-wrap items-center gap-1">
        {u.active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Deactivated</Badge>}
        {u.online ? <Badge variant="outline">Online</Badge> : null}
      </span>
    ),
  },
  { id: 'twoFactor', header: 'Two-factor', cell: (u) => (u.twoFactorEnabled ? 'On' : 'Off') },
  {
    id: 'lastActivityAt',
    header: 'Last activity',
    cell: (u) =>
      u.lastActivityAt ? <time dateTime={u.lastActivityAt}>{formatDateTime(u.lastActivityAt)}</time> : none,
  },
  {
    id: 'createdAt',
    header: 'Created',
    sortKey: 'createdAt',
    cell: (u) => <time dateTime={u.createdAt}>{formatDate(u.createdAt)}</time>,
  },
];
