import type { Profile } from '@common/contracts/profiles';
import type { DataTableColumn } from '@web/components/data-table/data-table';

const none = <span className="text-muted-foreground">—</span>;

export const PROFILE_COLUMNS: readonly DataTableColumn<Profile>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    hideable: false,
    cell: (p) => <span className="font-medium">{p.name}</span>,
  },
  { id: 'email', header: 'Email', sortKey: 'email', cell: (p) => p.email },
  { id: 'phone', header: 'Phone', cell: (p) => p.phone ?? none },
  { id: 'jobTitle', header: 'Job title', cell: (p) => p.jobTitle ?? none },
  { id: 'factory', header: 'Factory', cell: (p) => (p.factory ? `${p.factory.name} (${p.factory.code})` : none) },
];
