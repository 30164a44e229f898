import { useMemo } from 'react';
import { FactoryIcon } from 'lucide-react';
import { ckdReportQuerySchema, type CkdReportRow } from '@common/contracts/ckd-reports';
import { plural } from '@common/counted';
import type { MeResponse } from '@common/contracts/me';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { useFactoryOptions } from '@web/lib/factory-options';
import { CKD_REPORT_EXPORT_PATH, useCkdReport } from '../api/get-ckd-report';
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
import { daysNote } from '@web/lib/time-zone';

/** What the page needs of the signed-in user: a factory-scoped user sees their own factory only. */
export type CkdReportViewer = Pick<MeResponse, 'isGlobal' | 'factory'>;

const LEADING: readonly LeadingColumn<CkdReportRow>[] = [
  {
    header: 'Factory',
    cell: (row) => (
      <span>
        <span className="font-medium">{row.factory.code}</span>{' '}
        <span className="text-muted-foreground">{row.factory.name}</span>
      </span>
    ),
  },
  {
    header: 'Kit category',
    cell: (row) => (
      <span>
        <span className="font-medium">{row.category.code}</span>{' '}
        <span className="text-muted-foreground">{row.category.name}</span>
      </span>
    ),
  },
];

const rowKey = (row: CkdReportRow) => `${row.factory.id}/${row.category.id}`;

/**
 * CKD Report (/ckd/report): kit stock per factory × category for a period (opening, produced,
 * received, sent, consumed, adjusted, closing) with totals and CSV export; filters in the URL.
 */
export function CkdReportPage({ title, viewer }: { title: string; viewer: CkdReportViewer }) {
  const [searchParams, updateSearchParams] = useUrlSearchParams();
  const today = localToday();
  const filters = readReportFilters(searchParams, today);
  const fixedFactory = viewer.isGlobal ? null : viewer.factory;
  /** A factory-scoped user without a factory sees no factory's kits (DOMAIN.md §2). */
  const noFactory = !viewer.isGlobal && !viewer.factory;
  const factoryId = fixedFactory ? fixedFactory.id : filters.factoryId;
  const checked = ckdReportQuerySchema.safeParse({
    from: filters.from,
    to: filters.to,
    factoryId,
    categoryId: filters.categoryId,
  });
  const errors = fieldMessages(checked.error);
  const query = checked.success ? checked.data : null;
  const report = useCkdReport(query);
  const factories = useFactoryOptions();

  const setFilters = (patch: Partial<ReportFilters>) =>
    updateSearchParams((current) => writeReportFilters(current, patch), { replace: true, preventScrollReset: true });

  const exportHref = useMemo(
    () => (query ? `${CKD_REPORT_EXPORT_PATH}?${reportQueryString({ ...query })}` : undefined),
    [query],
  );
  const data = query ? report.data : undefined;
  const hasFilters = Boolean(filters.categoryId || (!fixedFactory && filters.factoryId));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={`Kit stock per factory and kit category for a period: the stock at the start, what was produced, received, sent, consumed and adjusted, and the stock at the end. ${daysNote()}`}
      />
      <div className={FILTERS_ROW_CLASS}>
        <RangeFields range={filters} today={today} errors={errors} onChange={(range) => setFilters(range)} />
        {noFactory ? null : (
          <FactoryField
            value={factoryId}
            options={factories.data}
            fixed={fixedFactory}
            allLabel="All factories"
            onChange={(id) => setFilters({ factoryId: id })}
          />
        )}
        <CategoryField
          value={filters.categoryId}
          options={data?.categories}
          allLabel="All kit categories"
          onChange={(id) => setFilters({ categoryId: id })}
        />
      </div>

      {noFactory ? (
        <EmptyState
          icon={FactoryIcon}
          title="Your account has no factory"
          description="This report shows your own factory's kits. Ask an administrator to assign your factory."
        />
      ) : !query ? (
        <EmptyState
          title="Choose a valid period"
          description="Pick a start and an end date (the end on or after the start, at most 3 years apart) to see the report."
        />
      ) : report.error && !report.isFetching ? (
        <LoadError what="the CKD report" error={report.error} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <ReportSkeleton label="Loading the CKD report" />
      ) : data.rows.length === 0 ? (
        <EmptyState
          title="No kit movements in this period"
          description={`No kits were produced, moved, used or held at ${hasFilters ? 'the chosen factory and category' : 'any factory'} up to ${formatDay(data.to)}. Try a later or longer period${hasFilters ? ', or fewer filters' : ''}.`}
          action={
            hasFilters ? (
              <Button variant="outline" onClick={() => setFilters({ factoryId: undefined, categoryId: undefined })}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        <section aria-labelledby="ckd-report-caption" className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id="ckd-report-caption" className="text-sm text-muted-foreground">
              {formatRange(data)} · {data.rows.length} {plural(data.rows.length, 'row', 'rows')}
            </p>
            <ExportLink href={exportHref} />
          </div>
          <KitFiguresTable
            label={`CKD report, ${formatRange(data)}`}
            leading={LEADING}
            rows={data.rows}
            rowKey={rowKey}
            totals={data.totals}
            stale={report.isPlaceholderData}
          />
        </section>
      )}
    </div>
  );
}
