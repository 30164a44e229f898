import { useId, useMemo } from 'react';
import { FileDownIcon } from 'lucide-react';
import { carbonQuickPeriods, companyDay } from '@common/carbon-record-rules';
import {
  SALES_RECORD_MISSING,
  SALES_RECORD_MISSING_LABELS,
  salesRecordSummaryQuerySchema,
  type ListSalesRecordQuery,
  type SalesRecordItem,
  type SalesRecordSummary,
} from '@common/contracts/carbon-records';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFactoryFilter } from '@web/components/data-table/data-table-factory-filter';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { LoadError } from '@web/components/ui/load-error';
import { Loading } from '@web/components/ui/loading';
import { NativeSelect } from '@web/components/ui/native-select';
import { PageHeader } from '@web/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { withQuery } from '@web/lib/query-string';
import { companyTimeZone } from '@web/lib/time-zone';
import { SALES_RECORD_CSV_PATH, SALES_RECORD_XLSX_PATH, useSalesRecord } from '../api/get-sales-record';
import { useSalesRecordSummary } from '../api/get-sales-record-summary';
import { salesRecordColumns } from '../components/sales-record-columns';

const FILTERS = { from: null, to: null, factoryId: null, missing: SALES_RECORD_MISSING } as const;

const LIST: ListStateConfig<ListSalesRecordQuery['sort'], typeof FILTERS> = {
  sortable: ['saleDate', 'code'],
  defaultSort: 'saleDate',
  defaultDir: 'asc',
  filters: FILTERS,
};

const NOUN = { one: 'stove', other: 'stoves' };
const MISSING_OPTIONS = SALES_RECORD_MISSING.map((value) => ({ value, label: SALES_RECORD_MISSING_LABELS[value] }));
const count = (n: number) => n.toLocaleString('en-US');

/** Today on the company's calendar: the quick periods count from it. */
function companyToday(now: Date = new Date()): string {
  return companyDay(now, companyTimeZone());
}

interface SalesRecordViewer {
  isGlobal: boolean;
  factory: { name: string } | null;
  permissions: readonly string[];
}

/**
 * Carbon Programme: Sales Record (/carbon/sales-record): every stove first handed over in a
 * monitoring period, with its end user and location, the counts by month and model, what is
 * missing (a filter lists the stoves to complete), and the exports (CSV, XLSX). The period is in
 * the URL (from, to); without one, the quarter of today on the company's calendar.
 */
export function SalesRecordPage({ title, viewer }: { title: string; viewer: SalesRecordViewer }) {
  const ids = { pick: useId(), from: useId(), to: useId() };
  const list = useListState(LIST);
  const quick = useMemo(() => carbonQuickPeriods(companyToday()), []);
  const thisQuarter = quick[0] ?? { label: '', from: '', to: '' };
  const from = list.state.filters.from ?? thisQuarter.from;
  const to = list.state.filters.to ?? thisQuarter.to;
  const checked = salesRecordSummaryQuerySchema.safeParse({ from, to });
  const periodErrors = checked.success ? {} : checked.error.flatten().fieldErrors;
  const factoryId = list.state.filters.factoryId;
  const params = { ...list.apiParams, from, to };
  const result = useSalesRecord(params, checked.success);
  const summary = useSalesRecordSummary({ from, to, factoryId }, checked.success);
  const columns = useMemo(
    () => salesRecordColumns(viewer.permissions.includes('stove-id-management')),
    [viewer.permissions],
  );
  const picked = quick.find((p) => p.from === from && p.to === to);
  const exportQuery = {
    from,
    to,
    q: list.state.q || undefined,
    sort: list.state.sort,
    dir: list.state.dir,
    factoryId,
    missing: list.state.filters.missing,
  };
  const setPeriod = (next: { from?: string; to?: string }) => {
    if (next.from !== undefined) list.setFilter('from', next.from || undefined);
    if (next.to !== undefined) list.setFilter('to', next.to || undefined);
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={`Every stove whose first sale falls in the monitoring period${
          viewer.isGlobal ? '' : ` (sales of ${viewer.factory?.name ?? 'your factory'})`
        }: who it went to, where, and what is still missing. Days follow the company's calendar.`}
      />
      <section aria-label="Monitoring period" className="flex flex-wrap items-end gap-3">
        <div className="flex w-full flex-col gap-1.5 sm:w-44">
          <Label htmlFor={ids.pick} className="text-xs text-muted-foreground">
            Period
          </Label>
          <NativeSelect
            id={ids.pick}
            value={picked?.label ?? ''}
            onChange={(event) => {
              const chosen = quick.find((p) => p.label === event.target.value);
              if (chosen) setPeriod({ from: chosen.from, to: chosen.to });
            }}
          >
            {picked ? null : <option value="">Chosen days</option>}
            {quick.map((p) => (
              <option key={p.label} value={p.label}>
                {p.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        {(['from', 'to'] as const).map((name) => {
          const error = periodErrors[name]?.[0];
          return (
            <div key={name} className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-none">
              <Label htmlFor={ids[name]} className="text-xs text-muted-foreground">
                {name === 'from' ? 'First day' : 'Last day'}
              </Label>
              <Input
                id={ids[name]}
                type="date"
                className="w-full sm:w-40"
                value={name === 'from' ? from : to}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${ids[name]}-error` : undefined}
                onChange={(event) => setPeriod({ [name]: event.target.value })}
              />
              {error ? (
                <p id={`${ids[name]}-error`} className="max-w-64 text-xs text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </section>
      {checked.success ? (
        <>
          <SummarySection summary={summary} onMissing={(missing) => list.setFilter('missing', missing)} />
          <DataTable
            id="carbon-sales-record"
            label="Sales record"
            noun={NOUN}
            columns={columns}
            list={list}
            result={result}
            getRowId={getId}
            rowLabel={rowLabel}
            searchLabel="Search the sales record"
            searchPlaceholder="Stove ID or end user"
            filters={
              <>
                {viewer.isGlobal ? <DataTableFactoryFilter list={list} /> : null}
                <DataTableFilterSelect
                  list={list}
                  name="missing"
                  label="Missing"
                  options={MISSING_OPTIONS}
                  allLabel="All stoves"
                />
              </>
            }
            actions={
              <>
                <a
                  href={withQuery(SALES_RECORD_CSV_PATH, exportQuery)}
                  download
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  <FileDownIcon aria-hidden="true" />
                  Export CSV
                </a>
                <a
                  href={withQuery(SALES_RECORD_XLSX_PATH, exportQuery)}
                  download
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  <FileDownIcon aria-hidden="true" />
                  Export XLSX
                </a>
              </>
            }
            empty={{
              title: 'No stoves sold in this period',
              description: 'Choose another period: the record lists the stoves whose first sale falls in it.',
            }}
          />
        </>
      ) : null}
    </div>
  );
}

function SummarySection({
  summary,
  onMissing,
}: {
  summary: ReturnType<typeof useSalesRecordSummary>;
  onMissing: (missing: (typeof SALES_RECORD_MISSING)[number]) => void;
}) {
  if (summary.isError)
    return <LoadError what="the period's counts" error={summary.error} onRetry={() => void summary.refetch()} />;
  const data: SalesRecordSummary | undefined = summary.data;
  if (!data) return <Loading className="py-6" label="Counting the period..." />;
  return (
    <section aria-label="The period in numbers" className="grid gap-4 lg:grid-cols-3">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Completeness</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 text-sm">
          <p>
            <span className="text-2xl font-semibold">{count(data.total)}</span> stoves first sold in the period
            {data.returned > 0 ? `, ${count(data.returned)} returned since` : ''}.
          </p>
          <p className="flex flex-wrap items-center gap-2">
            <span>
              <span className="font-medium">{count(data.missingEndUser)}</span> without an end user
            </span>
            {data.missingEndUser > 0 ? (
              <Button size="sm" variant="link" className="h-auto px-0" onClick={() => onMissing('endUser')}>
                List them
              </Button>
            ) : null}
          </p>
          <p className="flex flex-wrap items-center gap-2">
            <span>
              <span className="font-medium">{count(data.missingLocation)}</span> without a location
            </span>
            {data.missingLocation > 0 ? (
              <Button size="sm" variant="link" className="h-auto px-0" onClick={() => onMissing('location')}>
                List them
              </Button>
            ) : null}
          </p>
        </CardContent>
      </Card>
      <CountTable
        title="By month of sale"
        first="Month"
        rows={data.byMonth.map((m) => ({ key: m.month, label: monthLabel(m.month), quantity: m.quantity }))}
      />
      <CountTable
        title="By model"
        first="Model"
        rows={data.byModel.map((m) => ({
          key: m.model ?? '',
          label: m.model ?? 'Model not known',
          quantity: m.quantity,
        }))}
      />
    </section>
  );
}

function CountTable({
  title,
  first,
  rows,
}: {
  title: string;
  first: string;
  rows: { key: string; label: string; quantity: number }[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No stoves sold in this period.</p>
        ) : (
          <Table aria-label={title}>
            <TableHeader>
              <TableRow>
                <TableHead>{first}</TableHead>
                <TableHead className="text-right">Stoves</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.key}>
                  <TableCell>{r.label}</TableCell>
                  <TableCell className="text-right tabular-nums">{count(r.quantity)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** "March 2026" for "2026-03". */
function monthLabel(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function getId(s: SalesRecordItem): string {
  return s.id;
}

function rowLabel(s: SalesRecordItem): string {
  return s.code;
}
