import { LoadError } from '@web/components/ui/load-error';
import { useState } from 'react';
import { toast } from 'sonner';
import { PlusIcon } from 'lucide-react';
import type { ProductivityTarget } from '@common/contracts/productivity';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';

import { useDeleteProductivityTarget } from '../api/delete-productivity-target';
import { useProductivityTargets } from '../api/get-productivity-targets';
import { formatDay } from '../components/productivity-format.model';
import { TargetFormDialog } from '../components/target-form-dialog';
import { TargetsTable, targetScope } from '../components/targets-table';

/**
 * Productivity Settings (/production/productivity-settings): the default target and each
 * factory's own, with their effective dates; add a target, delete one that has not started.
 */
export function ProductivitySettingsPage({ title }: { title: string }) {
  const targets = useProductivityTargets();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ProductivityTarget | null>(null);
  const { mutateAsync: remove } = useDeleteProductivityTarget();

  const items = targets.data?.items ?? [];
  const defaults = items.filter((t) => t.factory === null);
  const overrides = items.filter((t) => t.factory !== null);
  const newButton = (
    <Button size="sm" onClick={() => setCreating(true)}>
      <PlusIcon aria-hidden="true" />
      New target
    </Button>
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    await remove(deleting.id);
    toast.success(`Target deleted: ${targetScope(deleting)} from ${formatDay(deleting.effectiveFrom)}`);
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <PageHeader
          title={title}
          description="Target stoves per coupler per day and working hours per day. A factory's own target beats the default; each applies from its effective date."
        />
        {items.length > 0 ? newButton : null}
      </div>

      {targets.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-label="Loading targets">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : targets.isError ? (
        <LoadError what="the targets" error={targets.error} onRetry={() => void targets.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          title="No targets yet"
          description="Set a default target first: stoves per coupler per day and working hours per day. Factories can then get their own."
          action={newButton}
        />
      ) : (
        <>
          <Card className="gap-4">
            <CardHeader>
              <CardTitle>Default target</CardTitle>
              <CardDescription>Applies to every factory without a target of its own.</CardDescription>
            </CardHeader>
            <CardContent>
              {defaults.length > 0 ? (
                <TargetsTable label="Default targets" targets={defaults} showFactory={false} onDelete={setDeleting} />
              ) : (
                <p className="text-sm text-muted-foreground">
                  No default yet: factories without their own target have none, and the tracker shows no attainment for
                  them.
                </p>
              )}
            </CardContent>
          </Card>
          <Card className="gap-4">
            <CardHeader>
              <CardTitle>Factory targets</CardTitle>
              <CardDescription>
                A factory's own target replaces the default there from its effective date.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {overrides.length > 0 ? (
                <TargetsTable label="Factory targets" targets={overrides} showFactory onDelete={setDeleting} />
              ) : (
                <p className="text-sm text-muted-foreground">
                  No factory has its own target: the default applies everywhere.
                </p>
              )}
            </CardContent>
          </Card>
        </>
      )}

      {creating ? <TargetFormDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={
          deleting ? `Delete the target of ${targetScope(deleting)} from ${formatDay(deleting.effectiveFrom)}?` : ''
        }
        description="It has not started yet. Without it, the target in force before it stays in force."
        confirmLabel="Delete target"
        busyLabel="Deleting..."
        errorTitle="The target was not deleted"
        onConfirm={confirmDelete}
      />
    </div>
  );
}
