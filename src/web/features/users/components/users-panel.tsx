import { useCallback, useState } from 'react';
import {
  KeyRoundIcon,
  MailIcon,
  MonitorSmartphoneIcon,
  PencilIcon,
  PlusIcon,
  PowerIcon,
  PowerOffIcon,
} from 'lucide-react';
import { toast } from 'sonner';
import type { ListUsersQuery, User } from '@common/contracts/users';
import { GROUPS } from '@common/permissions';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFactoryFilter } from '@web/components/data-table/data-table-factory-filter';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { USERS_EXPORT_PATH, useUsers } from '../api/get-users';
import { useResendInvitation } from '../api/resend-invitation';
import { OnlineUsersPanel } from './online-users-panel';
import { SetPasswordDialog } from './set-password-dialog';
import { USER_COLUMNS } from './user-columns';
import { UserFormDialog } from './user-form-dialog';
import { UserSessionsSheet } from './user-sessions-sheet';
import { UserStatusDialog, type UserStatusChange } from './user-status-dialog';

const USER_FILTERS = { group: GROUPS, factoryId: null, active: ['true', 'false'] } as const;

const USER_LIST: ListStateConfig<ListUsersQuery['sort'], typeof USER_FILTERS> = {
  sortable: ['name', 'email', 'createdAt'],
  defaultSort: 'name',
  filters: USER_FILTERS,
};

const GROUP_OPTIONS = GROUPS.map((g) => ({ value: g, label: g }));
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Deactivated' },
] as const;
const NOUN = { one: 'user', other: 'users' };

type Open =
  { kind: 'form'; user: User | null } | { kind: 'password'; user: User } | { kind: 'sessions'; user: User } | null;

/** The Users tab of User Management: the list with its actions, and who is online now. */
export function UsersPanel({ currentUserId }: { currentUserId: string | null }) {
  const list = useListState(USER_LIST);
  const result = useUsers(list.apiParams);
  const [open, setOpen] = useState<Open>(null);
  const [statusChange, setStatusChange] = useState<UserStatusChange | null>(null);
  const { mutate: resendInvitation } = useResendInvitation();

  const rowActions = useCallback(
    (user: User): DataTableRowAction[] => [
      { label: 'Edit', icon: PencilIcon, onSelect: () => setOpen({ kind: 'form', user }) },
      // An active user who has not chosen a password yet: a new link (the earlier one stops working).
      ...(user.active && !user.passwordSet
        ? [
            {
              label: 'Send invitation again',
              icon: MailIcon,
              onSelect: () =>
                resendInvitation(user.id, {
                  onSuccess: () =>
                    toast.success(`A new invitation was mailed to ${user.email}`, {
                      description: 'The earlier link no longer works.',
                    }),
                  onError: (error) =>
                    toast.error('Could not send the invitation', { description: errorMessage(error) }),
                }),
            },
          ]
        : []),
      { label: 'Set password', icon: KeyRoundIcon, onSelect: () => setOpen({ kind: 'password', user }) },
      { label: 'Sessions', icon: MonitorSmartphoneIcon, onSelect: () => setOpen({ kind: 'sessions', user }) },
      user.active
        ? {
            label: 'Deactivate',
            icon: PowerOffIcon,
            variant: 'destructive',
            disabled: user.id === currentUserId,
            onSelect: () => setStatusChange({ record: user, action: 'deactivate' }),
          }
        : {
            label: 'Reactivate',
            icon: PowerIcon,
            onSelect: () => setStatusChange({ record: user, action: 'reactivate' }),
          },
    ],
    [currentUserId, resendInvitation],
  );

  const newUserButton = (
    <Button size="sm" onClick={() => setOpen({ kind: 'form', user: null })}>
      <PlusIcon aria-hidden="true" />
      New user
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <OnlineUsersPanel />
      <DataTable
        id="users"
        label="Users"
        noun={NOUN}
        columns={USER_COLUMNS}
        list={list}
        result={result}
        getRowId={getUserId}
        rowLabel={userLabel}
        rowActions={rowActions}
        searchLabel="Search users"
        searchPlaceholder="Name or email"
        filters={
          <>
            <DataTableFilterSelect list={list} name="group" label="Group" options={GROUP_OPTIONS} />
            <DataTableFactoryFilter list={list} />
            <DataTableFilterSelect list={list} name="active" label="Status" options={ACTIVE_OPTIONS} />
          </>
        }
        actions={newUserButton}
        exportPath={USERS_EXPORT_PATH}
        empty={{ title: 'No users yet', description: 'Add the first user.', action: newUserButton }}
      />
      {open?.kind === 'form' ? (
        <UserFormDialog key={open.user?.id ?? 'new'} user={open.user} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'password' ? <SetPasswordDialog user={open.user} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'sessions' ? <UserSessionsSheet user={open.user} onClose={() => setOpen(null)} /> : null}
      <UserStatusDialog change={statusChange} onClose={() => setStatusChange(null)} />
    </div>
  );
}

function getUserId(user: User): string {
  return user.id;
}

function userLabel(user: User): string {
  return `${user.name} (${user.email})`;
}
