import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@web/components/ui/chart-frame';
import { formatSteelQuantity } from '@common/contracts/steel';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatMonth, type UsageChart } from './steel-overview.model';

/** Distinct, colour-blind-friendly fills for the stacked categories (Okabe–Ito). */
const FILLS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

const axisNumber = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('en-US') : '');

const shortMonth = (month: unknown) => (typeof month === 'string' ? formatMonth(month).replace(' 20', " '") : '');

/**
 * Steel used per month (used + scrap + CKD production), one stacked bar per month and a colour per
 * category. The summary sentence says the trend for screen readers; the table under "Show the
 * figures" has every number.
 */
export function SteelUsageChart({ chart }: { chart: UsageChart }) {
  const titleId = useId();
  const summaryId = useId();
  const unitLabel = chart.unit === 'kg' ? 'kg' : 'sheets';
  const title = `Steel used per month (${unitLabel})`;
  const format = (value: unknown) =>
    typeof value === 'number' ? formatSteelQuantity(value, chart.unit) : String(value);
  return (
    <Card className="gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle id={titleId} className="text-base">
          {title}
        </CardTitle>
        <CardDescription id={summaryId}>{chart.summary}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 px-2 sm:px-4">
        <ChartFrame labelledBy={titleId} describedBy={summaryId} className="h-72">
          <BarChart data={chart.rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title={title}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="month" tickFormatter={shortMonth} minTickGap={8} tick={{ fontSize: 12 }} />
            <YAxis width={64} tick={{ fontSize: 12 }} tickFormatter={axisNumber} />
            <Tooltip
              labelFormatter={(month: unknown) => (typeof month === 'string' ? formatMonth(month) : '')}
              formatter={format}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {chart.series.map((s, i) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.name}
                stackId="usage"
                fill={FILLS[i % FILLS.length]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ChartFrame>
        <details className="px-2 text-sm">
          <summary className="cursor-pointer font-medium">Show the figures</summary>
          <div className="mt-2">
            <Table aria-label={`${title}, by category`} containerLabel={`${title}, by category`}>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Month</TableHead>
                  {chart.series.map((s) => (
                    <TableHead key={s.key} scope="col" className="text-right">
                      {s.name}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {chart.rows.map((row) => (
                  <TableRow key={String(row.month)}>
                    <TableHead scope="row" className="font-normal">
                      {formatMonth(String(row.month))}
                    </TableHead>
                    {chart.series.map((s) => (
                      <TableCell key={s.key} className="text-right tabular-nums">
                        {format(row[s.key] ?? 0)}
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
