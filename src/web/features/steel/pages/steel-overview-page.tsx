import { LoadError } from '@web/components/ui/load-error';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2Icon, LayersIcon, ListIcon } from 'lucide-react';
import { plural } from '@common/counted';
import { formatSteelQuantity, type SteelOverview } from '@common/contracts/steel';
import { FactoryFilter } from '@web/components/filters/factory-filter';
import { buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';

import { cn } from '@web/lib/utils';
import { useSteelOverview } from '../api/get-steel-overview';
import { BelowReorderBadge } from '../components/steel-badges';
import { lowStock, stockTotals, usageCharts, usageThisMonth } from '../components/steel-overview.model';
import { SteelUsageChart } from '../components/steel-usage-chart';
import { canEditSteelCategories, type SteelViewer } from '../components/steel-viewer';
import { useUrlSearchParams } from '@web/lib/use-url-search-params';

const RECORDS_PATH = '/steel/records';
const CATEGORIES_PATH = '/steel/categories';

/** Steel Overview (/steel): stock per category and factory, low stock, and the usage of the last 12 months. */
export function SteelOverviewPage({ title, viewer }: { title: string; viewer: SteelViewer }) {
  const [params, setParams] = useUrlSearchParams();
  const factoryId = viewer.isGlobal ? params.get('factoryId') || undefined : undefined;
  const query = useSteelOverview(factoryId);
  const factoryName = viewer.isGlobal ? null : (viewer.factory?.name ?? null);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader
          title={title}
          description={
            factoryName
              ? `Steel at ${factoryName}: stock, low stock and usage.`
              : 'Steel stock per category and factory, categories below their reorder level, and usage over the last 12 months.'
          }
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
      {query.isPending ? (
        <OverviewSkeleton />
      ) : query.isError && !query.data ? (
        <LoadError what="the steel overview" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.categories.length === 0 ? (
        <EmptyState
          icon={LayersIcon}
          title="No steel yet"
          description={
            canEditSteelCategories(viewer)
              ? 'Add the steel categories the plant stocks, then record the steel received.'
              : 'Nothing to show until steel categories are added and steel is recorded.'
          }
          action={
            canEditSteelCategories(viewer) ? (
              <Link to={CATEGORIES_PATH} className={buttonVariants({ variant: 'outline' })}>
                Go to Steel Categories
              </Link>
            ) : undefined
          }
        />
      ) : (
        <div className={cn('flex flex-col gap-6', query.isPlaceholderData && 'opacity-70 transition-opacity')}>
          <Overview overview={query.data} />
        </div>
      )}
    </div>
  );
}

function Overview({ overview }: { overview: SteelOverview }) {
  const low = lowStock(overview);
  const charts = usageCharts(overview.usage);
  const activeCount = overview.categories.filter((c) => c.active).length;
  return (
    <>
      <section aria-label="Summary" className="grid gap-4 sm:grid-cols-3">
        <SummaryCard title="In stock" values={stockTotals(overview)}>
          {activeCount} active {plural(activeCount, 'category', 'categories')}
        </SummaryCard>
        <SummaryCard title="Below reorder level" values={[String(low.length)]} warn={low.length > 0}>
          {low.length === 0 ? 'Every category is stocked.' : 'Categories to reorder.'}
        </SummaryCard>
        <SummaryCard title="Used this month" values={usageThisMonth(overview)}>
          Used, scrap and CKD production.
        </SummaryCard>
      </section>

      <LowStockCard entries={low} />

      <Card className="gap-4 py-4">
        <CardHeader className="px-4">
          <CardTitle className="text-base">Stock by category and factory</CardTitle>
          <CardDescription>
            The factories that hold or have held steel. Amounts below a category’s reorder level are marked.
          </CardDescription>
        </CardHeader>
        <CardContent className="px-4">
          <StockTable overview={overview} />
        </CardContent>
      </Card>

      {charts.length === 0 ? (
        <EmptyState
          headingLevel="h2"
          title="No steel used in the last 12 months"
          description="The usage trend appears once steel is recorded as used, scrapped or consumed by CKD production."
        />
      ) : (
        charts.map((chart) => <SteelUsageChart key={chart.unit} chart={chart} />)
      )}
    </>
  );
}

function SummaryCard({
  title,
  values,
  warn = false,
  children,
}: {
  title: string;
  values: string[];
  warn?: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 px-4">
        <p className={cn('text-2xl font-semibold tabular-nums', warn && 'text-amber-800')}>
          {values.length === 0 ? '0' : values.join(' · ')}
        </p>
        <p className="text-sm text-muted-foreground">{children}</p>
      </CardContent>
    </Card>
  );
}

function LowStockCard({ entries }: { entries: ReturnType<typeof lowStock> }) {
  return (
    <Card className="gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-base">Below reorder level</CardTitle>
        <CardDescription>
          Categories whose total stock is under their reorder level, the furthest below first.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4">
        {entries.length === 0 ? (
          <p className="flex items-center gap-2 text-sm">
            <CheckCircle2Icon className="size-4 text-[oklch(0.5_0.12_150)]" aria-hidden="true" />
            Every category is at or above its reorder level.
          </p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Categories below their reorder level">
            {entries.map(({ category, factoriesBelow }) => (
              <li
                key={category.id}
                className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="font-medium">{category.name}</span>
                  <span className="text-sm text-muted-foreground">
                    {formatSteelQuantity(category.total, category.unit)} in stock, reorder level{' '}
                    {formatSteelQuantity(category.reorderLevel, category.unit)}
                    {factoriesBelow.length > 0
                      ? `. Below at ${factoriesBelow.map((f) => `${f.code} (${formatSteelQuantity(f.quantity, category.unit)})`).join(', ')}.`
                      : '.'}
                  </span>
                </div>
                <Link
                  to={`${RECORDS_PATH}?categoryId=${encodeURIComponent(category.id)}`}
                  className={buttonVariants({ variant: 'outline', size: 'sm', className: 'self-start sm:self-center' })}
                  aria-label={`Records of ${category.name}`}
                >
                  <ListIcon aria-hidden="true" />
                  Records
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function StockTable({ overview }: { overview: SteelOverview }) {
  return (
    <Table aria-label="Stock by category and factory" containerLabel="Stock by category and factory">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Category</TableHead>
          {overview.factories.map((f) => (
            <TableHead key={f.id} scope="col" className="text-right">
              <abbr title={f.name}>{f.code}</abbr>
            </TableHead>
          ))}
          <TableHead scope="col" className="text-right">
            Total
          </TableHead>
          <TableHead scope="col" className="text-right">
            Reorder level
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {overview.categories.map((c) => {
          const byFactory = new Map(c.stock.map((s) => [s.factoryId, s]));
          return (
            <TableRow key={c.id}>
              <TableHead scope="row" className="font-medium">
                <Link
                  to={`${RECORDS_PATH}?categoryId=${encodeURIComponent(c.id)}`}
                  className="underline-offset-4 hover:underline"
                >
                  {c.name}
                </Link>
                {c.active ? null : <span className="ml-2 text-xs font-normal text-muted-foreground">(inactive)</span>}
              </TableHead>
              {overview.factories.map((f) => {
                const s = byFactory.get(f.id);
                return (
                  <TableCell
                    key={f.id}
                    className={cn('text-right whitespace-nowrap tabular-nums', s?.belowReorder && 'text-amber-900')}
                  >
                    {s ? formatSteelQuantity(s.quantity, c.unit) : <span className="text-muted-foreground">—</span>}
                    {s?.belowReorder ? <span className="sr-only"> (below reorder level)</span> : null}
                  </TableCell>
                );
              })}
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                <div className="flex items-center justify-end gap-2">
                  {c.belowReorder ? <BelowReorderBadge label="Low" /> : null}
                  <span className="font-medium">{formatSteelQuantity(c.total, c.unit)}</span>
                </div>
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums text-muted-foreground">
                {formatSteelQuantity(c.reorderLevel, c.unit)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function OverviewSkeleton() {
  return (
    <div role="status" aria-label="Loading the steel overview" className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}
