import type { ReactNode } from 'react';
import { FactoryFilter } from '@web/components/filters/factory-filter';
import { PageHeader } from '@web/components/ui/page-header';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import { dashboardDescription, type DashboardViewer } from '../components/dashboard.model';
import { DashboardView } from '../components/dashboard-view';
import { useUrlSearchParams } from '@web/lib/use-url-search-params';

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
  const [params, setParams] = useUrlSearchParams();
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
            widthClassName="sm:w-64"
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
