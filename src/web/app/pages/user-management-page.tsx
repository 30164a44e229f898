import { useSearchParams } from 'react-router';
import { PageHeader } from '@web/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { AuditLogPanel } from '@web/features/audit/components/audit-log-panel';
import { useMe } from '@web/features/auth/api/get-me';
import { BackupsPanel } from '@web/features/backups/components/backups-panel';
import { OutboxPanel } from '@web/features/mail/components/outbox-panel';
import { GroupPermissionsGrid } from '@web/features/users/components/group-permissions-grid';
import { UsersPanel } from '@web/features/users/components/users-panel';

const TABS = ['users', 'permissions', 'audit', 'backups', 'outbox'] as const;
type Tab = (typeof TABS)[number];
/** The Admins' tabs (the server refuses them to anyone else). */
const ADMIN_TABS: readonly Tab[] = ['audit', 'backups', 'outbox'];

function tabOf(value: string | null): Tab {
  return TABS.find((t) => t === value) ?? 'users';
}

/**
 * User Management (/users): tabs Users | Group permissions | Audit log | Backups | Outbox (the last
 * three Admin only), the tab in the URL (?tab=permissions, ?tab=audit, ?tab=backups, ?tab=outbox).
 * Composes the users, audit, backups and mail features with the signed-in user (features do not import each other).
 */
export function UserManagementPage({ title }: { title: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: me } = useMe();
  const isAdmin = me?.groups.includes('Admin') ?? false;
  const requested = tabOf(searchParams.get('tab'));
  const tab = ADMIN_TABS.includes(requested) && !isAdmin ? 'users' : requested;

  const selectTab = (value: string) => {
    const next = tabOf(value);
    // Each tab has its own list state; a new tab starts from a plain URL.
    setSearchParams(next === 'users' ? {} : { tab: next }, { preventScrollReset: true });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} description="Who can sign in, what their groups may open, and who is online." />
      {/* Manual activation: a click would otherwise also activate on focus and push the URL twice. */}
      <Tabs value={tab} onValueChange={selectTab} activationMode="manual">
        <TabsList aria-label="User Management">
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="permissions">Group permissions</TabsTrigger>
          {isAdmin ? <TabsTrigger value="audit">Audit log</TabsTrigger> : null}
          {isAdmin ? <TabsTrigger value="backups">Backups</TabsTrigger> : null}
          {isAdmin ? <TabsTrigger value="outbox">Outbox</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="users">
          <UsersPanel currentUserId={me?.user.id ?? null} />
        </TabsContent>
        <TabsContent value="permissions">
          <GroupPermissionsGrid canEdit={isAdmin} />
        </TabsContent>
        {isAdmin ? (
          <TabsContent value="audit">
            <AuditLogPanel />
          </TabsContent>
        ) : null}
        {isAdmin ? (
          <TabsContent value="backups">
            <BackupsPanel />
          </TabsContent>
        ) : null}
        {isAdmin ? (
          <TabsContent value="outbox">
            <OutboxPanel />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
