import { useId } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@web/components/ui/chart-frame';
import type { ProductivityTracker } from '@common/contracts/productivity';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatFigure } from './productivity-format.model';
import { trendPoints, trendSummary } from './tracker.model';

const tooltipValue = (value: unknown) => (typeof value === 'number' ? formatFigure(value, 0) : '—');

/**
 * Stoves coupled (bars) against target (line) per period. The chart is a picture of the "By
 * period" table; its summary sentence says the same for screen readers.
 */
export function TrackerChart({ tracker }: { tracker: ProductivityTracker }) {
  const titleId = useId();
  const summaryId = useId();
  const points = trendPoints(tracker);
  return (
    <Card className="gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle id={titleId} className="text-base">
          Coupled vs target
        </CardTitle>
        <CardDescription id={summaryId}>{trendSummary(tracker)}</CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-4">
        <ChartFrame labelledBy={titleId} describedBy={summaryId} className="h-64">
          <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title="Coupled vs target">
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" minTickGap={24} tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} width={48} tick={{ fontSize: 12 }} />
            <Tooltip formatter={tooltipValue} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar
              dataKey="coupled"
              name="Coupled"
              fill="var(--muted-foreground)"
              fillOpacity={0.45}
              isAnimationActive={false}
            />
            <Line
              dataKey="target"
              name="Target"
              type="monotone"
              stroke="var(--primary)"
              strokeWidth={2}
              dot={{ r: 2 }}
              connectNulls={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ChartFrame>
      </CardContent>
    </Card>
  );
}
