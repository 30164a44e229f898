import { useCallback, useState } from 'react';
import { PencilIcon } from 'lucide-react';
import type { DailyProductionReport, ListDailyProductionReportsQuery } from '@common/contracts/productivity';
import type { MeResponse } from '@common/contracts/me';
import { DataTableDayFilter } from '@web/components/data-table/data-table-day-filter';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFactoryFilter } from '@web/components/data-table/data-table-factory-filter';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { NoFactoryAssigned } from '@web/components/factory-scope/no-factory-assigned';
import { PageHeader } from '@web/components/ui/page-header';
import { ProductionScreens } from '@web/components/production-screens';
import { DAILY_REPORTS_EXPORT_PATH, useDailyProductionReports } from '../api/get-daily-production-reports';
import { DAILY_REPORT_COLUMNS } from '../components/daily-report-columns';
import { DailyReportForm, type OpenDayRequest } from '../components/daily-report-form';
import { formatDay } from '../components/productivity-format.model';

const REPORT_FILTERS = { factoryId: null, from: null, to: null } as const;

const REPORT_LIST: ListStateConfig<ListDailyProductionReportsQuery['sort'], typeof REPORT_FILTERS> = {
  sortable: ['date'],
  defaultSort: 'date',
  defaultDir: 'desc',
  // The form sits above the list: a shorter first page keeps the page short.
  defaultLimit: 25,
  filters: REPORT_FILTERS,
};

const NOUN = { one: 'daily report', other: 'daily reports' };

/**
 * Daily Production Report (/production/submit-report): the supervisor reports a factory's day
 * (or edits the report it already has); below, the recent reports with filters and CSV export.
 */
export function DailyProductionReportPage({ title, viewer }: { title: string; viewer: MeResponse }) {
  const list = useListState(REPORT_LIST);
  const result = useDailyProductionReports(list.apiParams);
  const [openDay, setOpenDay] = useState<OpenDayRequest | null>(null);

  const rowActions = useCallback(
    (report: DailyProductionReport): DataTableRowAction[] => [
      {
        label: 'Edit',
        icon: PencilIcon,
        onSelect: () =>
          setOpenDay((previous) => ({
            factoryId: report.factory.id,
            date: report.date,
            seq: (previous?.seq ?? 0) + 1,
          })),
      },
    ],
    [],
  );

  if (!viewer.isGlobal && !viewer.factory)
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title={title} />
        <NoFactoryAssigned description="Daily reports are made for your factory, and you have none. Ask an administrator to assign one." />
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description="The day's couplers present, hours worked, defects and downtime: the productivity tracker compares the stoves coupled with them."
      />
      <ProductionScreens permissions={viewer.permissions} />
      <DailyReportForm viewer={viewer} openDay={openDay} />
      <section aria-labelledby="recent-daily-reports" className="flex flex-col gap-3">
        <h2 id="recent-daily-reports" className="text-lg font-semibold">
          Recent daily reports
        </h2>
        <DataTable
          id="daily-production-reports"
          label="Daily reports"
          noun={NOUN}
          columns={DAILY_REPORT_COLUMNS}
          list={list}
          result={result}
          getRowId={getReportId}
          rowLabel={reportLabel}
          rowActions={rowActions}
          searchLabel="Search notes"
          searchPlaceholder="Words in the notes"
          filters={
            <>
              {viewer.isGlobal ? <DataTableFactoryFilter list={list} /> : null}
              <DataTableDayFilter list={list} name="from" label="From" />
              <DataTableDayFilter list={list} name="to" label="To" />
            </>
          }
          exportPath={DAILY_REPORTS_EXPORT_PATH}
          empty={{
            title: 'No daily reports yet',
            description: 'Reports submitted with the form above appear here, newest day first.',
          }}
        />
      </section>
    </div>
  );
}

function getReportId(report: DailyProductionReport): string {
  return report.id;
}

function reportLabel(report: DailyProductionReport): string {
  return `${report.factory.name}, ${formatDay(report.date)}`;
}
