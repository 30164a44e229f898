import { useState } from 'react';
import type { User } from '@common/contracts/users';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { Badge } from '@web/components/ui/badge';
import { formatDate, formatDateTime } from '@web/lib/format';

const none = <span className="text-muted-foreground">—</span>;

/** An invited user's link: until when it works, that it expired, or that none is live (send one). */
function InvitationState({ expiresAt }: { expiresAt: string | null }) {
  // The time the row was first shown: the list refreshes with every change and on reload.
  const [now] = useState(() => Date.now());
  const text = !expiresAt
    ? 'no live link: send the invitation again'
    : new Date(expiresAt).getTime() > now
      ? 'link works until '
      : 'link expired ';
  return (
    <span className="text-xs text-muted-foreground">
      {text}
      {expiresAt ? <time dateTime={expiresAt}>{formatDateTime(expiresAt)}</time> : null}
    </span>
  );
}

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
        {!u.active ? (
          <Badge variant="secondary">Deactivated</Badge>
        ) : u.passwordSet ? (
          <Badge variant="success">Active</Badge>
        ) : (
          <Badge variant="outline">Invited</Badge>
        )}
        {u.online ? <Badge variant="outline">Online</Badge> : null}
        {u.active && !u.passwordSet ? <InvitationState expiresAt={u.invitationExpiresAt} /> : null}
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
