import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@web/components/ui/chart-frame';
import { dayLabel } from '@common/calendar-days';
import { counted } from '@common/counted';
import type { SalesOverview } from '@common/contracts/sales-orders';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { dailyRows, dailySummary } from './sales-overview.model';

const TITLE = 'Stoves sold per day, last 30 days';

const axisNumber = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('en-US') : '');

/**
 * Stoves sold per day over the last 30 days (canceled orders left out), one bar a day. The summary
 * sentence says it for screen readers; the table under "Show the figures" has every day.
 */
export function SalesOverviewChart({ daily }: { daily: SalesOverview['daily'] }) {
  const titleId = useId();
  const summaryId = useId();
  const rows = dailyRows(daily);
  return (
    <Card className="gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle id={titleId} className="text-base">
          {TITLE}
        </CardTitle>
        <CardDescription id={summaryId}>{dailySummary(daily)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 px-2 sm:px-4">
        <ChartFrame labelledBy={titleId} describedBy={summaryId} className="h-64">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title={TITLE}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" minTickGap={12} tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} width={40} tick={{ fontSize: 12 }} tickFormatter={axisNumber} />
            <Tooltip
              labelFormatter={(_label: unknown, payload: readonly { payload?: { day?: string } }[] | undefined) => {
                const day = payload?.[0]?.payload?.day;
                return day ? dayLabel(day) : '';
              }}
              formatter={(value: unknown) => (typeof value === 'number' ? counted(value, 'stove') : String(value))}
            />
            <Bar dataKey="stoves" name="Stoves sold" fill="#0072B2" isAnimationActive={false} />
          </BarChart>
        </ChartFrame>
        <details className="px-2 text-sm">
          <summary className="cursor-pointer font-medium">Show the figures</summary>
          <div className="mt-2">
            <Table aria-label={`${TITLE}, by day`} containerLabel={`${TITLE}, by day`}>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Day</TableHead>
                  <TableHead scope="col" className="text-right">
                    Stoves sold
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.day}>
                    <TableHead scope="row" className="font-normal">
                      <time dateTime={row.day}>{dayLabel(row.day)}</time>
                    </TableHead>
                    <TableCell className="text-right tabular-nums">{row.stoves.toLocaleString('en-US')}</TableCell>
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
