import { useState, type ReactNode } from 'react';
import { FilterIcon } from 'lucide-react';
import { SALES_REPORT_NO_SELLER, type SalesReport } from '@common/contracts/sales-orders';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import {
  countedGroups,
  formatCount,
  formatRevenue,
  formatShare,
  GROUP_NOUNS,
  groupFigures,
  periodFigures,
  returnedDetail,
  type Figures,
  type GroupFigures,
} from './sales-report.model';

const numeric = 'text-right tabular-nums whitespace-nowrap';
/** Rows of the group table before "Show all". */
const FIRST_GROUPS = 50;

function StatCard({ title, value, detail }: { title: string; value: ReactNode; detail: ReactNode }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="px-4">
        <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 px-4">
        <div className="text-2xl font-semibold tabular-nums">{value}</div>
        <CardDescription>{detail}</CardDescription>
      </CardContent>
    </Card>
  );
}

/** Packages, stoves and revenue (a line per currency: prices are never converted) over the range. */
export function SalesReportCards({ report, range }: { report: SalesReport; range: string }) {
  const { totals } = report;
  const [main, ...others] = totals.revenue;
  const returned = returnedDetail(report);
  return (
    <div className={returned ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4' : 'grid gap-4 sm:grid-cols-3'}>
      <StatCard title="Packages sold" value={formatCount(totals.packages)} detail={range} />
      <StatCard
        title="Stoves sold"
        value={formatCount(totals.stoves)}
        detail={countedGroups(report, report.groups.length)}
      />
      <StatCard
        title="Revenue"
        value={main ? formatRevenue(main.amount, main.currency) : '—'}
        detail={
          others.length > 0 ? (
            <span className="flex flex-col">
              {others.map((r) => (
                <span key={r.currency} className="tabular-nums">
                  + {formatRevenue(r.amount, r.currency)}
                </span>
              ))}
            </span>
          ) : (
            'Completed orders; canceled ones left out.'
          )
        }
      />
      {returned ? (
        <StatCard title="Stoves returned" value={formatCount(totals.returned.stoves)} detail={returned} />
      ) : null}
    </div>
  );
}

function FigureCells({ figures, currencies }: { figures: Figures; currencies: readonly string[] }) {
  return (
    <>
      <TableCell className={numeric}>{formatCount(figures.packages)}</TableCell>
      <TableCell className={numeric}>{formatCount(figures.stoves)}</TableCell>
      {currencies.map((c) => (
        <TableCell key={c} className={numeric}>
          {formatRevenue(figures.revenue[c], c)}
        </TableCell>
      ))}
    </>
  );
}

function FigureHeads({ currencies }: { currencies: readonly string[] }) {
  return (
    <>
      <TableHead scope="col" className={numeric}>
        Packages
      </TableHead>
      <TableHead scope="col" className={numeric}>
        Stoves
      </TableHead>
      {currencies.map((c) => (
        <TableHead key={c} scope="col" className={numeric}>
          Revenue ({c})
        </TableHead>
      ))}
    </>
  );
}

const totalsOf = (report: SalesReport): Figures => ({
  packages: report.totals.packages,
  stoves: report.totals.stoves,
  revenue: Object.fromEntries(report.totals.revenue.map((r) => [r.currency, r.amount])),
});

/**
 * Each group's totals over the range, biggest first, with its share of the stoves; a row's filter
 * button narrows the report to that group (`onOnly` absent: no filter for this grouping).
 */
export function GroupTable({
  report,
  onOnly,
}: {
  report: SalesReport;
  onOnly: ((group: GroupFigures) => void) | undefined;
}) {
  const [all, setAll] = useState(false);
  const currencies = report.totals.revenue.map((r) => r.currency);
  const groups = groupFigures(report);
  const shown = all ? groups : groups.slice(0, FIRST_GROUPS);
  const noun = GROUP_NOUNS[report.groupBy].one;
  const label = `Sales by ${noun}`;
  return (
    <div className="flex flex-col gap-2">
      <Table containerLabel={label} aria-label={label}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col">{noun[0]?.toUpperCase() + noun.slice(1)}</TableHead>
            <FigureHeads currencies={currencies} />
            <TableHead scope="col" className={numeric}>
              Share of stoves
            </TableHead>
            {onOnly ? (
              <TableHead scope="col">
                <span className="sr-only">Filter</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((g) => (
            <TableRow key={g.key}>
              <TableHead scope="row" className="font-normal">
                <span className="font-medium">{g.label}</span>
                {g.code ? <span className="ml-2 text-xs text-muted-foreground">{g.code}</span> : null}
              </TableHead>
              <FigureCells figures={g} currencies={currencies} />
              <TableCell className={numeric}>{formatShare(g.share)}</TableCell>
              {onOnly ? (
                <TableCell className="w-0 py-1">
                  {g.key === SALES_REPORT_NO_SELLER ? null : (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onOnly(g)}
                      aria-label={`Only ${g.label}`}
                      title={`Show only ${g.label}`}
                    >
                      <FilterIcon aria-hidden="true" />
                      <span className="hidden sm:inline">Only this</span>
                    </Button>
                  )}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
          <TableRow className="border-t-2 font-semibold hover:bg-transparent">
            <TableHead scope="row">Total</TableHead>
            <FigureCells figures={totalsOf(report)} currencies={currencies} />
            <TableCell className={numeric}>{report.totals.stoves > 0 ? '100%' : '—'}</TableCell>
            {onOnly ? <TableCell /> : null}
          </TableRow>
        </TableBody>
      </Table>
      {groups.length > FIRST_GROUPS ? (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setAll(!all)}>
          {all ? `Show the first ${FIRST_GROUPS}` : `Show all ${countedGroups(report, groups.length)}`}
        </Button>
      ) : null}
    </div>
  );
}

/** Each period's totals over every group: the charts' numbers as a table. */
export function PeriodTable({ report }: { report: SalesReport }) {
  const currencies = report.totals.revenue.map((r) => r.currency);
  const label = `Sales by ${report.period}`;
  return (
    <Table containerLabel={label} aria-label={label}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead scope="col">{report.period[0]?.toUpperCase() + report.period.slice(1)}</TableHead>
          <FigureHeads currencies={currencies} />
        </TableRow>
      </TableHeader>
      <TableBody>
        {periodFigures(report).map((p) => (
          <TableRow key={p.period} className={p.stoves === 0 ? 'text-muted-foreground' : undefined}>
            <TableHead scope="row" className="font-normal whitespace-nowrap">
              {p.label}
            </TableHead>
            <FigureCells figures={p} currencies={currencies} />
          </TableRow>
        ))}
        <TableRow className="border-t-2 font-semibold hover:bg-transparent">
          <TableHead scope="row">Total</TableHead>
          <FigureCells figures={totalsOf(report)} currencies={currencies} />
        </TableRow>
      </TableBody>
    </Table>
  );
}
