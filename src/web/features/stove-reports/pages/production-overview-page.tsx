import { useCallback, useMemo } from 'react';
import { dayLabel } from '@common/calendar-days';
import { useLocation, useNavigate } from 'react-router';
import { EyeIcon } from 'lucide-react';
import {
  STOVE_REPORT_STATUSES,
  STOVE_REPORT_STATUS_LABELS,
  stoveReportNumberLabel,
  type ListStoveReportsQuery,
  type StoveReport,
  type StoveReportSummary,
} from '@common/contracts/production';
import { DataTableDayFilter } from '@web/components/data-table/data-table-day-filter';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageHeader } from '@web/components/ui/page-header';
import { ProductionScreens } from '@web/components/production-screens';
import { Skeleton } from '@web/components/ui/skeleton';
import { useFactoryOptions } from '@web/lib/factory-options';
import { STOVE_REPORTS_EXPORT_PATH, useStoveReports } from '../api/get-stove-reports';
import { useCkdCategoryOptions } from '@web/lib/ckd-category-options';
import { useStoveReportCouplers } from '../api/get-stove-report-couplers';
import { STOVE_REPORT_DETAIL_PATH, stoveReportColumns } from '../components/stove-report-columns';
import { personName, stoves, type StoveReportViewer } from '../components/stove-report.model';

const REPORT_FILTERS = {
  factoryId: null,
  categoryId: null,
  status: STOVE_REPORT_STATUSES,
  couplerId: null,
  from: null,
  to: null,
} as const;

const REPORT_LIST: ListStateConfig<ListStoveReportsQuery['sort'], typeof REPORT_FILTERS> = {
  sortable: ['date', 'number'],
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: REPORT_FILTERS,
};

const STATUS_OPTIONS = STOVE_REPORT_STATUSES.map((value) => ({ value, label: STOVE_REPORT_STATUS_LABELS[value] }));
const NOUN = { one: 'report', other: 'reports' };

/** Production Overview (/production): stove reports with filters in the URL, totals and CSV export. */
export function ProductionOverviewPage({ title, viewer }: { title: string; viewer: StoveReportViewer }) {
  const list = useListState(REPORT_LIST);
  const result = useStoveReports(list.apiParams);
  const factories = useFactoryOptions();
  const models = useCkdCategoryOptions();
  const couplers = useStoveReportCouplers();
  const navigate = useNavigate();
  const location = useLocation();
  const back = useMemo(() => ({ to: `${location.pathname}${location.search}`, title }), [location, title]);
  const columns = useMemo(() => stoveReportColumns(back), [back]);

  const factoryOptions = useMemo(
    () => (factories.data ?? []).map((f) => ({ value: f.id, label: `${f.name} (${f.code})` })),
    [factories.data],
  );
  const modelOptions = useMemo(
    () => (models.data ?? []).map((m) => ({ value: m.id, label: `${m.stoveModel} (${m.code})` })),
    [models.data],
  );
  const couplerOptions = useMemo(
    () => (couplers.data ?? []).map((c) => ({ value: c.id, label: c.name ?? c.email })),
    [couplers.data],
  );

  const rowActions = useCallback(
    (report: StoveReport): DataTableRowAction[] => [
      {
        label: 'Open',
        icon: EyeIcon,
        onSelect: () => void navigate(`${STOVE_REPORT_DETAIL_PATH}/${report.id}`, { state: { back } }),
      },
    ],
    [navigate, back],
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader
          title={title}
          description={
            viewer.isGlobal
              ? 'Stove reports of every factory: the stoves coupled, by whom and of which model.'
              : `Stove reports of ${viewer.factory?.name ?? 'your factory'}: the stoves coupled, by whom and of which model.`
          }
        />
      </div>
      <ProductionScreens permissions={viewer.permissions} />
      <Totals summary={result.data?.summary} loading={result.isPending} />
      <DataTable
        id="stove-reports"
        label="Stove reports"
        noun={NOUN}
        columns={columns}
        list={list}
        result={result}
        getRowId={getReportId}
        rowLabel={reportLabel}
        rowActions={rowActions}
        searchLabel="Search reports"
        searchPlaceholder="Report number or stove ID"
        filters={
          <>
            {viewer.isGlobal ? (
              <DataTableFilterSelect list={list} name="factoryId" label="Factory" options={factoryOptions} />
            ) : null}
            <DataTableFilterSelect list={list} name="categoryId" label="Stove model" options={modelOptions} />
            <DataTableFilterSelect list={list} name="status" label="Status" options={STATUS_OPTIONS} />
            <DataTableFilterSelect list={list} name="couplerId" label="Coupler" options={couplerOptions} />
            <DataTableDayFilter list={list} name="from" label="From day" />
            <DataTableDayFilter list={list} name="to" label="To day" />
          </>
        }
        exportPath={STOVE_REPORTS_EXPORT_PATH}
        empty={{
          title: 'No stove reports',
          description: 'Reports submitted on Submit Production Report appear here with their totals.',
        }}
      />
    </div>
  );
}

/** The totals of the filtered reports: reports, stoves coupled, voided, and stoves per model. */
function Totals({ summary, loading }: { summary: StoveReportSummary | undefined; loading: boolean }) {
  const figures = [
    { label: 'Stoves coupled', value: summary?.stoves },
    { label: 'Reports', value: summary?.reports },
    { label: 'Voided reports', value: summary?.voided },
  ];
  return (
    <section aria-label="Totals of the filtered reports" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {figures.map((f) => (
        <Card key={f.label}>
          <CardHeader>
            <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
              {f.label}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {loading || f.value === undefined ? (
              <Skeleton className="h-8 w-20" />
            ) : (
              <p className="text-2xl font-semibold tabular-nums">{f.value.toLocaleString('en-US')}</p>
            )}
          </CardContent>
        </Card>
      ))}
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
            By stove model
          </CardTitle>
        </CardHeader>
        <CardContent>
          {loading || !summary ? (
            <Skeleton className="h-8 w-full" />
          ) : summary.byCategory.length === 0 ? (
            <p className="text-sm text-muted-foreground">No stoves coupled.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {summary.byCategory.map((c) => (
                <li key={c.id} className="flex justify-between gap-3">
                  <span>{c.stoveModel}</span>
                  <span className="tabular-nums">{stoves(c.stoves)}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function getReportId(report: StoveReport): string {
  return report.id;
}

function reportLabel(report: StoveReport): string {
  return `${stoveReportNumberLabel(report.number)} of ${dayLabel(report.date)} by ${personName(report.createdBy)}`;
}
