import { useSearchParams } from 'react-router';
import { PageHeader } from '@web/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { AuditLogPanel } from '@web/features/audit/components/audit-log-panel';
import { useMe } from '@web/features/auth/api/get-me';
import { GroupPermissionsGrid } from '@web/features/users/components/group-permissions-grid';
import { UsersPanel } from '@web/features/users/components/users-panel';

const TABS = ['users', 'permissions', 'audit'] as const;
type Tab = (typeof TABS)[number];

function tabOf(value: string | null): Tab {
  return TABS.find((t) => t === value) ?? 'users';
}

/**
 * User Management (/users): tabs Users | Group permissions | Audit log (Admin only), the tab in the
 * URL (?tab=permissions, ?tab=audit). Composes the users and audit features with the signed-in user
 * (features do not import each other).
 */
export function UserManagementPage({ title }: { title: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: me } = useMe();
  const isAdmin = me?.groups.includes('Admin') ?? false;
  const requested = tabOf(searchParams.get('tab'));
  // The audit log is the Admins' (the server refuses it to anyone else).
  const tab = requested === 'audit' && !isAdmin ? 'users' : requested;

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
      </Tabs>
    </div>
  );
}
