import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { PageHeader } from '@web/components/ui/page-header';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import { dashboardDescription, type DashboardViewer } from '../components/dashboard.model';
import { DashboardView } from '../components/dashboard-view';

/**
 * The Admin dashboard (/admin-dashboard): every factory, or the one chosen in the factory filter
 * (kept in the address as ?factoryId=). A factory-scoped holder sees their own factory (the server
 * decides) and gets no filter. `panels`: the announcements and upcoming events src/web/app gives.
 */
export function AdminDashboardPage({
  title,
  viewer,
  panels,
}: {
  title: string;
  viewer: DashboardViewer;
  panels?: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const factoryId = viewer.isGlobal ? params.get('factoryId') || undefined : undefined;
  const query = useAdminDashboard(factoryId);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader
          title={title}
          description={query.data ? dashboardDescription(query.data) : 'Production, sales, transfers and stock.'}
        />
        {viewer.isGlobal ? (
          <FactoryFilter
            value={factoryId ?? ''}
            onChange={(id) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (id) next.set('factoryId', id);
                  else next.delete('factoryId');
                  return next;
                },
                { replace: true },
              )
            }
          />
        ) : null}
      </div>
      <DashboardView query={query} viewer={viewer} factoryId={factoryId} panels={panels} />
    </div>
  );
}

function FactoryFilter({ value, onChange }: { value: string; onChange: (factoryId: string) => void }) {
  const id = useId();
  const factories = useFactoryOptions();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        Factory
      </Label>
      <NativeSelect
        id={id}
        value={value}
        wrapperClassName="w-full sm:w-64"
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">All factories</option>
        {(factories.data ?? []).map((f) => (
          <option key={f.id} value={f.id}>
            {f.code} — {f.name}
            {f.active ? '' : ' (inactive)'}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
