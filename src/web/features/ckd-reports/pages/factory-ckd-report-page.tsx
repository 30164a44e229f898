import { useMemo } from 'react';
import { FactoryIcon } from 'lucide-react';
import { factoryCkdReportQuerySchema, type FactoryCkdReportDay } from '@common/contracts/ckd-reports';
import { plural } from '@common/counted';
import type { MeResponse } from '@common/contracts/me';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { useFactoryOptions } from '@web/lib/factory-options';
import { FACTORY_CKD_REPORT_EXPORT_PATH, useFactoryCkdReport } from '../api/get-factory-ckd-report';
import { FactoryStockChart } from '../components/factory-stock-chart';
import { KitFiguresTable, type LeadingColumn } from '../components/kit-figures-table';
import { CategoryField, FactoryField, FILTERS_ROW_CLASS, RangeFields } from '../components/report-filters';
import {
  fieldMessages,
  formatDay,
  formatRange,
  readReportFilters,
  reportQueryString,
  writeReportFilters,
  type ReportFilters,
} from '../components/report-filters.model';
import { localToday } from '@web/lib/local-today';
import { LoadError } from '@web/components/ui/load-error';
import { ExportLink, ReportSkeleton } from '../components/report-states';
import { useUrlSearchParams } from '@web/lib/use-url-search-params';

/** What the page needs of the signed-in user: a factory-scoped user reports on their own factory. */
export type FactoryCkdReportViewer = Pick<MeResponse, 'isGlobal' | 'factory'>;

const LEADING: readonly LeadingColumn<FactoryCkdReportDay>[] = [
  { header: 'Date', cell: (row) => <time dateTime={row.day}>{formatDay(row.day)}</time> },
];

const dayKey = (row: FactoryCkdReportDay) => row.day;

/**
 * Factory CKD Report (/ckd/factory-report): one factory's kits day by day (every day of the
 * period, stock carried over days without movement), one category or all, with a chart of closing
 * stock and consumption, totals and CSV export; filters in the URL.
 */
export function FactoryCkdReportPage({ title, viewer }: { title: string; viewer: FactoryCkdReportViewer }) {
  const [searchParams, updateSearchParams] = useUrlSearchParams();
  const today = localToday();
  const filters = readReportFilters(searchParams, today);
  const scoped = !viewer.isGlobal;
  const fixedFactory = scoped ? viewer.factory : null;
  const factoryId = scoped ? viewer.factory?.id : filters.factoryId;
  const checked = factoryCkdReportQuerySchema.safeParse({
    factoryId,
    from: filters.from,
    to: filters.to,
    categoryId: filters.categoryId,
  });
  const errors = fieldMessages(checked.error);
  const query = checked.success ? checked.data : null;
  const report = useFactoryCkdReport(query);
  const factories = useFactoryOptions();

  const setFilters = (patch: Partial<ReportFilters>) =>
    updateSearchParams((current) => writeReportFilters(current, patch), { replace: true, preventScrollReset: true });

  const exportHref = useMemo(
    () => (query ? `${FACTORY_CKD_REPORT_EXPORT_PATH}?${reportQueryString({ ...query })}` : undefined),
    [query],
  );
  const data = query ? report.data : undefined;
  const rangeInvalid = Boolean(errors.from || errors.to);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description="One factory's kits day by day: the stock at the start of each day, what was produced, received, sent, consumed and adjusted, and the stock at the end."
      />
      <div className={FILTERS_ROW_CLASS}>
        {scoped && !viewer.factory ? null : (
          <FactoryField
            value={factoryId}
            options={factories.data}
            fixed={fixedFactory}
            allLabel="Choose a factory"
            error={factoryId ? errors.factoryId : undefined}
            onChange={(id) => setFilters({ factoryId: id })}
          />
        )}
        <RangeFields range={filters} today={today} errors={errors} onChange={(range) => setFilters(range)} />
        <CategoryField
          value={filters.categoryId}
          options={data?.categories}
          allLabel="All kit categories"
          onChange={(id) => setFilters({ categoryId: id })}
        />
      </div>

      {scoped && !viewer.factory ? (
        <EmptyState
          icon={FactoryIcon}
          title="Your account has no factory"
          description="This report shows your own factory's kits. Ask an administrator to assign your factory."
        />
      ) : !factoryId ? (
        <EmptyState
          icon={FactoryIcon}
          title="Choose a factory"
          description="Pick a factory above to see its kits day by day."
        />
      ) : !query ? (
        <EmptyState
          title={rangeInvalid ? 'Choose a valid period' : 'Choose a factory from the list'}
          description={
            rangeInvalid
              ? 'Pick a start and an end date (the end on or after the start, at most one year apart) to see the report.'
              : 'The factory in the address is not one of ours: pick one above.'
          }
        />
      ) : report.error && !report.isFetching ? (
        <LoadError what="the factory CKD report" error={report.error} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <ReportSkeleton label="Loading the factory CKD report" />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground">
              {data.factory.code} — {data.factory.name} ·{' '}
              {data.category ? data.category.name : 'all kit categories summed'} · {formatRange(data)} (
              {data.days.length} {plural(data.days.length, 'day', 'days')})
            </p>
            <ExportLink href={exportHref} />
          </div>
          <FactoryStockChart days={data.days} />
          <KitFiguresTable
            label={`Kits day by day at ${data.factory.name}, ${formatRange(data)}`}
            leading={LEADING}
            rows={data.days}
            rowKey={dayKey}
            totals={data.totals}
            stale={report.isPlaceholderData}
          />
        </>
      )}
    </div>
  );
}
