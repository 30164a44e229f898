import { LoadError } from '@web/components/ui/load-error';
import { Link } from 'react-router';
import { PlusIcon, ReceiptTextIcon } from 'lucide-react';
import type { SalesOverview } from '@common/contracts/sales-orders';
import { buttonVariants } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';

import { cn } from '@web/lib/utils';
import { useSalesOverview } from '../api/get-sales-overview';
import { SalesOverviewCards } from '../components/sales-overview-cards';
import { SalesOverviewChart } from '../components/sales-overview-chart';
import { SalesOverviewLinks } from '../components/sales-overview-links';
import { SalesOverviewOrders } from '../components/sales-overview-orders';
import {
  NEW_SALES_ORDER_PATH,
  quickLinks,
  type QuickLink,
  type SalesOverviewViewer,
} from '../components/sales-overview.model';

const PATH = '/sales';

/**
 * Sales Management (/sales): a manager's morning glance. This month against last month (stoves,
 * revenue per currency, orders), the validated stoves ready to sell per factory, stoves sold per
 * day over the last 30 days, the latest orders, and the sales screens this user may open.
 * A factory-scoped user sees their factory's (the server scopes it).
 */
export function SalesOverviewPage({ title, viewer }: { title: string; viewer: SalesOverviewViewer }) {
  const query = useSalesOverview();
  const links = quickLinks(viewer);
  const canOrder = links.some((l) => l.key === 'sales-order');
  const factory = viewer.isGlobal ? null : viewer.factory;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader
          title={title}
          description={
            factory
              ? `Sales at ${factory.name} (${factory.code}): this month against last month, stoves ready to sell and the latest orders.`
              : 'Sales at every factory: this month against last month, stoves ready to sell and the latest orders.'
          }
        />
        {canOrder ? (
          <Link to={NEW_SALES_ORDER_PATH} className={buttonVariants({ size: 'sm', className: 'self-start' })}>
            <PlusIcon aria-hidden="true" />
            New sales order
          </Link>
        ) : null}
      </div>
      {query.isPending ? (
        <OverviewSkeleton />
      ) : query.isError && !query.data ? (
        <LoadError what="the sales overview" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className={cn('flex flex-col gap-6', query.isPlaceholderData && 'opacity-70 transition-opacity')}>
          <Overview overview={query.data} viewer={viewer} title={title} links={links} />
        </div>
      )}
    </div>
  );
}

function Overview({
  overview,
  viewer,
  title,
  links,
}: {
  overview: SalesOverview;
  viewer: SalesOverviewViewer;
  title: string;
  links: readonly QuickLink[];
}) {
  const canOrder = links.some((l) => l.key === 'sales-order');
  const noOrders = overview.recentOrders.length === 0;
  return (
    <>
      <SalesOverviewCards
        overview={overview}
        canOpenCanceledSales={links.some((l) => l.key === 'canceled-sales')}
        canOpenStoveIds={viewer.permissions.includes('stove-id-management')}
      />
      {noOrders ? (
        <EmptyState
          icon={ReceiptTextIcon}
          title="No sales yet"
          description={
            canOrder
              ? 'No sales order has been made yet. The stoves sold per day and the latest orders appear here after the first one.'
              : 'No sales order has been made yet. The stoves sold per day and the latest orders appear here once a seller makes the first one.'
          }
          action={
            canOrder ? (
              <Link to={NEW_SALES_ORDER_PATH} className={buttonVariants({ variant: 'outline' })}>
                Make a sales order
              </Link>
            ) : undefined
          }
        />
      ) : (
        <>
          <SalesOverviewChart daily={overview.daily} />
          <SalesOverviewOrders
            orders={overview.recentOrders}
            back={{ to: PATH, title }}
            showFactory={viewer.isGlobal}
            canOpenOrders={canOrder}
          />
        </>
      )}
      <SalesOverviewLinks links={links} />
    </>
  );
}

function OverviewSkeleton() {
  return (
    <div role="status" aria-label="Loading the sales overview" className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-32 w-full" />
        ))}
      </div>
      <Skeleton className="h-80 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
