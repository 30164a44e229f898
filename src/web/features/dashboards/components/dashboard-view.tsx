import { LoadError } from '@web/components/ui/load-error';
import type { ReactNode } from 'react';
import { Building2Icon } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Dashboard } from '@common/contracts/dashboards';

import { NoFactoryAssigned } from '@web/components/factory-scope/no-factory-assigned';
import { Skeleton } from '@web/components/ui/skeleton';

import { cn } from '@web/lib/utils';
import { DashboardCards } from './dashboard-cards';
import { KitStockTable, LowInventoryList, LowSteelList, PendingTransfersList } from './dashboard-lists';
import { DashboardTrends } from './dashboard-trends';
import { dashboardLinks, type DashboardViewer } from './dashboard.model';

/**
 * The body both dashboards share: the figure cards, the panels src/web/app gives (announcements and
 * upcoming events, from their own features), the 30-day trends, pending transfers and kit stock,
 * then low steel and inventory. Loading, error and no-factory states included.
 */
export function DashboardView({
  query,
  viewer,
  factoryId,
  panels,
}: {
  query: UseQueryResult<Dashboard>;
  viewer: DashboardViewer;
  /** The factory a global viewer narrowed the dashboard to (links keep it). */
  factoryId: string | undefined;
  /** Panels of other features, laid out in the dashboard's panel area (nothing when absent). */
  panels?: ReactNode;
}) {
  const dashboard = query.data;
  const failed = query.isError && !dashboard;
  const links = dashboardLinks(viewer, factoryId);
  return (
    <div className={cn('flex flex-col gap-6', query.isPlaceholderData && dashboard && 'opacity-70 transition-opacity')}>
      {query.isPending ? (
        <CardsSkeleton />
      ) : failed ? (
        <LoadError what="the dashboard" error={query.error} onRetry={() => void query.refetch()} />
      ) : dashboard?.scope === 'none' ? (
        <NoFactoryAssigned icon={Building2Icon} description={dashboard.notice} />
      ) : dashboard ? (
        <DashboardCards dashboard={dashboard} links={links} />
      ) : null}
      {/* The panel area: AnnouncementsPanel and UpcomingEventsPanel (given by src/web/app) go here. */}
      {panels ? (
        <div data-testid="dashboard-panels" className="grid gap-4 lg:grid-cols-2">
          {panels}
        </div>
      ) : null}
      {query.isPending ? (
        <BodySkeleton />
      ) : dashboard && dashboard.scope !== 'none' ? (
        <>
          <DashboardTrends dashboard={dashboard} />
          <div className="grid gap-4 xl:grid-cols-2">
            <PendingTransfersList dashboard={dashboard} links={links} now={new Date(query.dataUpdatedAt)} />
            <KitStockTable dashboard={dashboard} links={links} />
          </div>
          <div className="grid gap-4 xl:grid-cols-2">
            <LowSteelList dashboard={dashboard} links={links} />
            <LowInventoryList dashboard={dashboard} links={links} />
          </div>
        </>
      ) : null}
    </div>
  );
}

function CardsSkeleton() {
  return (
    <div role="status" aria-label="Loading the dashboard" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-36 w-full" />
      ))}
    </div>
  );
}

function BodySkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-6">
      <div className="grid gap-4 xl:grid-cols-2">
        <Skeleton className="h-72 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <Skeleton className="h-56 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    </div>
  );
}
