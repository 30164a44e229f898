import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@web/components/ui/chart-frame';
import { formatMoney } from '@common/contracts/sales';
import type { SalesReport } from '@common/contracts/sales-orders';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { formatCount, OTHER_KEY, revenueChart, revenueSummary, stovesChart, stovesSummary } from './sales-report.model';

/** Distinct, colour-blind-friendly fills for the stacked groups (Okabe–Ito), and grey for "Other". */
const FILLS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
const OTHER_FILL = '#9CA3AF';

const axisNumber = (value: unknown) =>
  typeof value === 'number' ? value.toLocaleString('en-US', { notation: 'compact' }) : '';

/**
 * Stoves sold per period, one stacked bar per period and a colour per group (the eight biggest;
 * the rest as "Other"). The summary says the same in words; the tables under the charts have every
 * number.
 */
export function StovesChart({ report }: { report: SalesReport }) {
  const titleId = useId();
  const summaryId = useId();
  const chart = stovesChart(report);
  const title = `Stoves sold per ${report.period}`;
  return (
    <Card className="gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle id={titleId} className="text-base">
          {title}
        </CardTitle>
        <CardDescription id={summaryId}>{stovesSummary(report)}</CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-4">
        <ChartFrame labelledBy={titleId} describedBy={summaryId} className="h-72">
          <BarChart data={chart.rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title={title}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" minTickGap={16} tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} width={48} tick={{ fontSize: 12 }} tickFormatter={axisNumber} />
            <Tooltip formatter={(value: unknown) => (typeof value === 'number' ? formatCount(value) : String(value))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {chart.series.map((s, i) => (
              <Bar
                key={s.dataKey}
                dataKey={s.dataKey}
                name={s.name}
                stackId="stoves"
                fill={s.dataKey === OTHER_KEY ? OTHER_FILL : FILLS[i % FILLS.length]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ChartFrame>
      </CardContent>
    </Card>
  );
}

/**
 * Revenue per period in one currency (prices are never converted): the report's main currency,
 * or the one chosen when it sold in several.
 */
export function RevenueChart({
  report,
  currency,
  onCurrency,
}: {
  report: SalesReport;
  currency: string;
  onCurrency: (currency: string) => void;
}) {
  const titleId = useId();
  const summaryId = useId();
  const selectId = useId();
  const points = revenueChart(report, currency);
  const currencies = report.totals.revenue.map((r) => r.currency);
  const title = `Revenue per ${report.period} (${currency})`;
  return (
    <Card className="gap-4 py-4">
      <CardHeader className="flex flex-col gap-2 px-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle id={titleId} className="text-base">
            {title}
          </CardTitle>
          <CardDescription id={summaryId}>{revenueSummary(points, currency)}</CardDescription>
        </div>
        {currencies.length > 1 ? (
          <div className="flex items-center gap-2">
            <Label htmlFor={selectId} className="text-xs text-muted-foreground">
              Currency
            </Label>
            <NativeSelect
              id={selectId}
              wrapperClassName="w-28"
              value={currency}
              onChange={(event) => onCurrency(event.target.value)}
            >
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="px-2 sm:px-4">
        <ChartFrame labelledBy={titleId} describedBy={summaryId} className="h-64">
          <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title={title}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" minTickGap={16} tick={{ fontSize: 12 }} />
            <YAxis width={56} tick={{ fontSize: 12 }} tickFormatter={axisNumber} />
            <Tooltip
              formatter={(value: unknown) => (typeof value === 'number' ? formatMoney(value, currency) : String(value))}
            />
            <Bar dataKey="revenue" name={`Revenue (${currency})`} fill="#0072B2" isAnimationActive={false} />
          </BarChart>
        </ChartFrame>
      </CardContent>
    </Card>
  );
}
