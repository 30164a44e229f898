import type { ReactNode } from 'react';
import { PageHeader } from '@web/components/ui/page-header';
import { ProductionScreens } from '@web/components/production-screens';
import { useFactoryDashboard } from '../api/get-factory-dashboard';
import { dashboardDescription, type DashboardViewer } from '../components/dashboard.model';
import { DashboardView } from '../components/dashboard-view';

/**
 * The Factory dashboard (/factory-dashboard): the signed-in user's own factory; without one, a
 * notice says so. `panels`: the announcements and upcoming events src/web/app gives.
 */
export function FactoryDashboardPage({
  title,
  viewer,
  panels,
}: {
  title: string;
  viewer: DashboardViewer;
  panels?: ReactNode;
}) {
  const query = useFactoryDashboard();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={
          query.data ? dashboardDescription(query.data) : 'Production, sales, transfers and stock of your factory.'
        }
      />
      <ProductionScreens permissions={viewer.permissions} />
      <DashboardView query={query} viewer={viewer} factoryId={undefined} panels={panels} />
    </div>
  );
}
