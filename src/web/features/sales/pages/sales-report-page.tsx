import { LoadError } from '@web/components/ui/load-error';
import { useMemo } from 'react';
import { DownloadIcon, FactoryIcon } from 'lucide-react';
import { dayLabel } from '@common/calendar-days';
import type { MeResponse } from '@common/contracts/me';
import type { SalesReport } from '@common/contracts/sales-orders';
import { Button, buttonVariants } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';

import { localToday } from '@web/lib/local-today';
import { SALES_REPORT_EXPORT_PATH, salesReportUrl, useSalesReport } from '../api/get-sales-report';
import { RevenueChart, StovesChart } from '../components/sales-report-charts';
import { SalesReportFiltersBar } from '../components/sales-report-filters';
import {
  GROUP_FILTER,
  hasFilters,
  NO_FILTERS,
  readSalesReportFilters,
  salesReportQuery,
  writeSalesReportFilters,
  type SalesReportFilters,
} from '../components/sales-report-filters.model';
import { chosenCurrency, GROUP_NOUNS, type GroupFigures } from '../components/sales-report.model';
import { GroupTable, PeriodTable, SalesReportCards } from '../components/sales-report-tables';
import { useUrlSearchParams } from '@web/lib/use-url-search-params';
import { daysNote } from '@web/lib/time-zone';

/** What the page needs of the signed-in user: a factory-scoped user sees their own factory only. */
export type SalesReportViewer = Pick<MeResponse, 'isGlobal' | 'factory'>;

const rangeLabel = (r: Pick<SalesReport, 'from' | 'to'>) =>
  r.from === r.to ? dayLabel(r.from) : `${dayLabel(r.from)} – ${dayLabel(r.to)}`;

/**
 * Sales Report (/sales/sales-report): packages, stoves and revenue of completed orders by day,
 * week or month and by package, category, factory, customer or seller; totals, a stacked chart of
 * stoves, a revenue chart per currency, tables and CSV export. Every control is in the URL.
 */
export function SalesReportPage({ title, viewer }: { title: string; viewer: SalesReportViewer }) {
  const [searchParams, updateSearchParams] = useUrlSearchParams();
  const today = localToday();
  const filters = useMemo(() => readSalesReportFilters(searchParams, today, viewer), [searchParams, today, viewer]);
  const { query, errors } = useMemo(() => salesReportQuery(filters), [filters]);
  const report = useSalesReport(query);
  /** A factory-scoped user without a factory sees no factory's sales (DOMAIN.md §2). */
  const noFactory = !viewer.isGlobal && !viewer.factory;

  const change = (patch: Partial<SalesReportFilters>) =>
    updateSearchParams((current) => writeSalesReportFilters(current, patch), {
      replace: true,
      preventScrollReset: true,
    });

  const exportHref = query ? salesReportUrl(query, SALES_REPORT_EXPORT_PATH) : undefined;
  const data = query ? report.data : undefined;
  const filtered = hasFilters(filters);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={
          viewer.isGlobal
            ? `Packages, stoves and revenue of completed orders by period, for every factory. Canceled orders are left out; revenue is shown per currency. ${daysNote()}`
            : `Packages, stoves and revenue of completed orders at ${viewer.factory?.name ?? 'your factory'}, by period. Canceled orders are left out; revenue is shown per currency. ${daysNote()}`
        }
      />
      {noFactory ? (
        <EmptyState
          icon={FactoryIcon}
          title="Your account has no factory"
          description="This report shows your own factory's sales. Ask an administrator to assign your factory."
        />
      ) : (
        <>
          <SalesReportFiltersBar
            filters={filters}
            errors={errors}
            today={today}
            showFactory={viewer.isGlobal}
            named={data?.filters}
            onChange={change}
          />
          {!query ? (
            errors.from || errors.to || errors.period ? (
              <EmptyState
                title="Choose a valid range"
                description="Pick a first and a last day (the last on or after the first; at most 3 years, or a year by day) to see the report."
              />
            ) : (
              <EmptyState
                title="A filter in the address is not valid"
                description="The link names a factory, package, category, customer or seller that is not an id. Clear the filters to see the report."
                action={
                  <Button variant="outline" onClick={() => change(NO_FILTERS)}>
                    Clear filters
                  </Button>
                }
              />
            )
          ) : report.error && !report.isFetching ? (
            <LoadError what="the sales report" error={report.error} onRetry={() => void report.refetch()} />
          ) : !data ? (
            <div className="flex flex-col gap-4" role="status" aria-label="Loading the sales report">
              <div className="grid gap-4 sm:grid-cols-3">
                {Array.from({ length: 3 }, (_, i) => (
                  <Skeleton key={i} className="h-28 w-full" />
                ))}
              </div>
              <Skeleton className="h-72 w-full" />
              <Skeleton className="h-40 w-full" />
            </div>
          ) : data.rows.length === 0 ? (
            <EmptyState
              title="No sales in this period"
              description={`No completed orders ${filtered ? 'match the filters ' : ''}from ${rangeLabel(data)}. Try a longer range${filtered ? ' or fewer filters' : ''}.`}
              action={
                filtered ? (
                  <Button variant="outline" onClick={() => change(NO_FILTERS)}>
                    Clear filters
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <div
              className={
                report.isPlaceholderData ? 'flex flex-col gap-6 opacity-60 transition-opacity' : 'flex flex-col gap-6'
              }
              aria-busy={report.isFetching || undefined}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm text-muted-foreground">
                  {rangeLabel(data)} · by {data.period} and {GROUP_NOUNS[data.groupBy].one}
                </p>
                <div className="flex flex-wrap gap-2">
                  {filtered ? (
                    <Button variant="ghost" size="sm" onClick={() => change(NO_FILTERS)}>
                      Clear filters
                    </Button>
                  ) : null}
                  {exportHref ? (
                    <a href={exportHref} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                      <DownloadIcon aria-hidden="true" />
                      Export CSV
                    </a>
                  ) : null}
                </div>
              </div>
              <SalesReportCards report={data} range={rangeLabel(data)} />
              <StovesChart report={data} />
              <ReportRevenue report={data} asked={filters.currency} onCurrency={(currency) => change({ currency })} />
              <GroupSection
                report={data}
                // A factory-scoped user's one factory is no filter to choose.
                onOnly={
                  data.groupBy !== 'factory' || viewer.isGlobal
                    ? (group) => change({ [GROUP_FILTER[data.groupBy]]: group.key })
                    : undefined
                }
              />
              <section className="flex flex-col gap-3" aria-labelledby="sales-report-periods">
                <div>
                  <h2 id="sales-report-periods" className="text-lg font-semibold">
                    By {data.period}
                  </h2>
                  <p className="text-sm text-muted-foreground">
                    Every {data.period} of the range: the charts' numbers.
                  </p>
                </div>
                <PeriodTable report={data} />
              </section>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** The table by group under its heading; `onOnly` narrows the report to one group (absent: it cannot). */
function GroupSection({
  report,
  onOnly,
}: {
  report: SalesReport;
  onOnly: ((group: GroupFigures) => void) | undefined;
}) {
  const noun = GROUP_NOUNS[report.groupBy].one;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="sales-report-groups">
      <div>
        <h2 id="sales-report-groups" className="text-lg font-semibold">
          By {noun}
        </h2>
        <p className="text-sm text-muted-foreground">
          Totals over the whole range, biggest first.
          {onOnly ? ` "Only this" narrows the report to one ${noun}.` : ''}
        </p>
      </div>
      <GroupTable report={report} onOnly={onOnly} />
    </section>
  );
}

function ReportRevenue({
  report,
  asked,
  onCurrency,
}: {
  report: SalesReport;
  asked: string | undefined;
  onCurrency: (currency: string) => void;
}) {
  const currency = chosenCurrency(report, asked);
  return currency ? <RevenueChart report={report} currency={currency} onCurrency={onCurrency} /> : null;
}
