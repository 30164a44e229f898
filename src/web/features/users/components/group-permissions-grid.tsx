import { useMemo } from 'react';
import { toast } from 'sonner';
import { COMPONENT_TEXT, type Component, type Group } from '@common/permissions';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Loading } from '@web/components/ui/loading';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { errorMessage } from '@web/lib/api-client';
import { useGroupPermissions } from '../api/get-group-permissions';
import { useSetGroupPermission } from '../api/set-group-permission';

/**
 * The group × component base access table (DOMAIN.md §3). Each component is shown by its title and
 * what it allows (COMPONENT_TEXT), never by its key. Each change is saved at once (with a toast)
 * and applies to the group's users on their next request. Only Admins may change it.
 */
export function GroupPermissionsGrid({ canEdit }: { canEdit: boolean }) {
  const table = useGroupPermissions();
  const { mutate: setPermission, isPending, variables } = useSetGroupPermission();
  const granted = useMemo(
    () => new Set((table.data?.grants ?? []).map((g) => `${g.group}|${g.component}`)),
    [table.data],
  );

  if (table.isPending) return <Loading className="py-10" />;
  if (table.error) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <p>Could not load the group permissions. {errorMessage(table.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void table.refetch()}>
          Retry
        </Button>
      </div>
    );
  }

  const change = (group: Group, component: Component, next: boolean) =>
    setPermission(
      { group, component, granted: next },
      {
        onSuccess: () => toast.success(`${group}: ${COMPONENT_TEXT[component].title} ${next ? 'granted' : 'revoked'}`),
        onError: (error) => toast.error('Could not change the permission', { description: errorMessage(error) }),
      },
    );

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        {canEdit
          ? 'Tick a box to give a group access to a component; each change is saved at once and applies on the users’ next request.'
          : 'Only members of the Admin group can change group permissions.'}
      </p>
      <Table containerLabel="Group permissions" aria-label="Group permissions">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col" className="sticky left-0 z-10 bg-background">
              Component
            </TableHead>
            {table.data.groups.map((group) => (
              <TableHead key={group} scope="col" className="text-center text-xs whitespace-normal">
                {group}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {table.data.components.map((component) => {
            const { title, description } = COMPONENT_TEXT[component];
            return (
              <TableRow key={component}>
                <TableHead
                  scope="row"
                  className="sticky left-0 z-10 h-auto min-w-56 bg-background py-2 align-top whitespace-normal"
                >
                  <span className="block">{title}</span>
                  <span className="block text-xs font-normal text-muted-foreground">{description}</span>
                </TableHead>
                {table.data.groups.map((group) => {
                  const key = `${group}|${component}`;
                  const saving = isPending && variables.group === group && variables.component === component;
                  return (
                    <TableCell key={group} className="text-center">
                      <Checkbox
                        aria-label={`${group}: ${title}`}
                        checked={saving ? variables.granted : granted.has(key)}
                        disabled={!canEdit || saving}
                        onCheckedChange={(checked) => change(group, component, checked === true)}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
