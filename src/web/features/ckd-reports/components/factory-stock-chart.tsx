import { useId } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@web/components/ui/chart-frame';
import type { FactoryCkdReportDay } from '@common/contracts/ckd-reports';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { daysSummary, formatDay, formatKits, formatShortDay } from './report-filters.model';

const tooltipLabel = (day: unknown) => (typeof day === 'string' ? formatDay(day) : '');
const tooltipValue = (value: unknown) => (typeof value === 'number' ? formatKits(value) : String(value));

/**
 * Closing stock (line) and kits consumed (bars) per day. The chart is a picture of the table
 * below it; its summary sentence says the same for screen readers.
 */
export function FactoryStockChart({ days }: { days: readonly FactoryCkdReportDay[] }) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <Card className="gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle id={titleId} className="text-base">
          Closing stock and consumption per day
        </CardTitle>
        <CardDescription id={summaryId}>{daysSummary(days)}</CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-4">
        <ChartFrame labelledBy={titleId} describedBy={summaryId} className="h-64">
          <ComposedChart
            data={[...days]}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            title="Closing stock and consumption per day"
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={formatShortDay} minTickGap={24} tick={{ fontSize: 12 }} />
            <YAxis yAxisId="stock" allowDecimals={false} width={56} tick={{ fontSize: 12 }} />
            <YAxis yAxisId="consumed" orientation="right" allowDecimals={false} width={48} tick={{ fontSize: 12 }} />
            <Tooltip labelFormatter={tooltipLabel} formatter={tooltipValue} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar
              yAxisId="consumed"
              dataKey="consumed"
              name="Consumed"
              fill="var(--muted-foreground)"
              fillOpacity={0.45}
              isAnimationActive={false}
            />
            <Line
              yAxisId="stock"
              dataKey="closing"
              name="Closing stock"
              type="stepAfter"
              stroke="var(--primary)"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ChartFrame>
      </CardContent>
    </Card>
  );
}
