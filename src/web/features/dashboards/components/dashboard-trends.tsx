import { useId, type ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@web/components/ui/chart-frame';
import { dayLabel } from '@common/calendar-days';
import { counted } from '@common/counted';
import type { Dashboard } from '@common/contracts/dashboards';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { productionSummary, salesSummary, shortDayLabel } from './dashboard.model';

const PRODUCTION_TITLE = 'Stoves coupled per day, last 30 days';
const SALES_TITLE = 'Stoves sold per day, last 30 days';

/** The tooltip's words in the text colour (a series' own colour is too light to read on white). */
const tooltipItemStyle = { color: 'var(--foreground)' };

const axisNumber = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('en-US') : '');
const tooltipDay = (_label: unknown, payload: readonly { payload?: { day?: string } }[] | undefined) => {
  const day = payload?.[0]?.payload?.day;
  return day ? dayLabel(day) : '';
};

/** The 30-day production and sales trends side by side (stacked on a phone). */
export function DashboardTrends({ dashboard }: { dashboard: Dashboard }) {
  const production = dashboard.production.map((d) => ({ ...d, label: shortDayLabel(d.day) }));
  const sales = dashboard.sales.map((d) => ({ ...d, label: shortDayLabel(d.day) }));
  return (
    <section aria-label="Last 30 days" className="grid gap-4 xl:grid-cols-2">
      <TrendCard
        title={PRODUCTION_TITLE}
        summary={productionSummary(dashboard.production)}
        chart={
          <BarChart data={production} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title={PRODUCTION_TITLE}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" minTickGap={12} tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} width={40} tick={{ fontSize: 12 }} tickFormatter={axisNumber} />
            <Tooltip
              itemStyle={tooltipItemStyle}
              labelFormatter={tooltipDay}
              formatter={(value: unknown) => (typeof value === 'number' ? counted(value, 'stove') : String(value))}
            />
            <Bar dataKey="stoves" name="Stoves coupled" fill="#009E73" isAnimationActive={false} />
          </BarChart>
        }
        columns={['Stoves coupled']}
        rows={dashboard.production.map((d) => ({ day: d.day, values: [d.stoves] }))}
      />
      <TrendCard
        title={SALES_TITLE}
        summary={salesSummary(dashboard.sales)}
        chart={
          <ComposedChart data={sales} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title={SALES_TITLE}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" minTickGap={12} tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} width={40} tick={{ fontSize: 12 }} tickFormatter={axisNumber} />
            <Tooltip itemStyle={tooltipItemStyle} labelFormatter={tooltipDay} />
            <Bar dataKey="stoves" name="Stoves sold" fill="#0072B2" isAnimationActive={false} />
            <Line
              dataKey="orders"
              name="Orders"
              type="monotone"
              stroke="#D55E00"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        }
        columns={['Stoves sold', 'Orders']}
        rows={dashboard.sales.map((d) => ({ day: d.day, values: [d.stoves, d.orders] }))}
      />
    </section>
  );
}

/** A chart with its summary sentence (what screen readers hear) and every day's figures in a table. */
function TrendCard({
  title,
  summary,
  chart,
  columns,
  rows,
}: {
  title: string;
  summary: string;
  chart: ReactElement;
  columns: readonly string[];
  rows: readonly { day: string; values: readonly number[] }[];
}) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <Card className="min-w-0 gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle id={titleId} className="text-base">
          {title}
        </CardTitle>
        <CardDescription id={summaryId}>{summary}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 px-2 sm:px-4">
        <ChartFrame labelledBy={titleId} describedBy={summaryId} className="h-56">
          {chart}
        </ChartFrame>
        <details className="px-2 text-sm">
          <summary className="cursor-pointer font-medium">Show the figures</summary>
          <div className="mt-2">
            <Table aria-label={`${title}, by day`} containerLabel={`${title}, by day`}>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Day</TableHead>
                  {columns.map((c) => (
                    <TableHead key={c} scope="col" className="text-right">
                      {c}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.day}>
                    <TableHead scope="row" className="font-normal">
                      <time dateTime={row.day}>{dayLabel(row.day)}</time>
                    </TableHead>
                    {row.values.map((v, i) => (
                      <TableCell key={columns[i]} className="text-right tabular-nums">
                        {v.toLocaleString('en-US')}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </details>
      </CardContent>
    </Card>
  );
}
