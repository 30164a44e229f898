import { LoadError } from '@web/components/ui/load-error';
import { useId, useMemo, type ReactNode } from 'react';
import { InfoIcon } from 'lucide-react';
import type { ProductivityFigures, ProductivityTracker } from '@common/contracts/productivity';
import type { MeResponse } from '@common/contracts/me';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';

import { useProductivityTracker } from '../api/get-productivity-tracker';
import { AttainmentBadge } from '../components/attainment-badge';
import { formatDay, formatFigure } from '../components/productivity-format.model';
import { localToday } from '@web/lib/local-today';
import { TrackerChart } from '../components/tracker-chart';
import { TrackerFiltersBar } from '../components/tracker-filters';
import {
  readTrackerFilters,
  trackerQuery,
  writeTrackerFilters,
  type TrackerFilters,
} from '../components/tracker-filters.model';
import { FiguresTable, PeriodTable, TrackerSection, type FiguresRow } from '../components/tracker-tables';
import { useUrlSearchParams } from '@web/lib/use-url-search-params';
import { daysNote } from '@web/lib/time-zone';

const couplersPresent = (f: ProductivityFigures) => formatFigure(f.couplersPresent, 0);
const daysReported = (f: ProductivityFigures) => formatFigure(f.daysReported, 0);

/**
 * Productivity Tracker (/production/productivity-tracker): stoves coupled against target per
 * factory and coupler, by day, week or month; attainment and stoves per worker-hour; trend chart.
 */
export function ProductivityTrackerPage({ title, viewer }: { title: string; viewer: MeResponse }) {
  const [searchParams, updateSearchParams] = useUrlSearchParams();
  const today = localToday();
  const filters = useMemo(() => readTrackerFilters(searchParams, today), [searchParams, today]);
  const { query, problem } = trackerQuery(filters);
  const tracker = useProductivityTracker(query);
  const problemId = useId();
  const change = (next: (current: TrackerFilters) => TrackerFilters) =>
    updateSearchParams((current) => writeTrackerFilters(next(readTrackerFilters(current, today))), { replace: true });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={
          viewer.isGlobal
            ? `Stoves coupled against target per factory and coupler. The target each day is the one in force that day (a factory’s own, else the default) × couplers present. ${daysNote()}`
            : `Stoves coupled against target at ${viewer.factory?.name ?? 'your factory'}, per coupler and period. ${daysNote()}`
        }
      />
      <TrackerFiltersBar
        filters={filters}
        onChange={change}
        today={today}
        showFactory={viewer.isGlobal}
        problemId={problem ? problemId : undefined}
      />
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : tracker.isError && !tracker.isFetching ? (
        <LoadError what="the tracker" error={tracker.error} onRetry={() => void tracker.refetch()} />
      ) : tracker.data ? (
        <TrackerBody tracker={tracker.data} busy={tracker.isPlaceholderData} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-3" role="status" aria-label="Loading the tracker">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
          <Skeleton className="h-64 w-full sm:col-span-3" />
        </div>
      )}
    </div>
  );
}

function StatCard({ title, value, detail }: { title: string; value: ReactNode; detail: string }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="px-4">
        <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 px-4">
        <p className="text-2xl font-semibold tabular-nums">{value}</p>
        <CardDescription>{detail}</CardDescription>
      </CardContent>
    </Card>
  );
}

function TrackerBody({ tracker, busy }: { tracker: ProductivityTracker; busy: boolean }) {
  const { totals } = tracker;
  const range = `${formatDay(tracker.from)} – ${formatDay(tracker.to)}`;
  const presentHeader = tracker.period === 'day' ? 'Couplers present' : 'Coupler-days';
  const factoryRows: FiguresRow[] = tracker.factories.map((f) => ({
    id: f.factory.id,
    name: f.factory.name,
    totals: f.totals,
    periods: f.periods,
  }));
  const couplerRows: FiguresRow[] = tracker.couplers.map((c) => ({
    id: `${c.coupler.id}|${c.factory.id}`,
    name: c.coupler.name ?? c.coupler.email,
    detail: c.factory.name,
    totals: c.totals,
    periods: c.periods,
  }));

  if (tracker.factories.length === 0)
    return (
      <EmptyState
        title="No factory to show"
        description="Your account has no factory: ask an administrator to assign one to see its productivity."
      />
    );

  return (
    <div
      className={busy ? 'flex flex-col gap-6 opacity-60 transition-opacity' : 'flex flex-col gap-6'}
      aria-busy={busy || undefined}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard title="Stoves coupled" value={formatFigure(totals.coupled, 0)} detail={range} />
        <StatCard
          title="Attainment"
          value={<AttainmentBadge attainment={totals.attainment} />}
          detail={
            totals.target === null ? 'No target to compare with.' : `Target: ${formatFigure(totals.target, 0)} stoves.`
          }
        />
        <StatCard
          title="Stoves per worker-hour"
          value={formatFigure(totals.stovesPerWorkerHour)}
          detail={
            totals.targetPerWorkerHour === null
              ? `${formatFigure(totals.workerHours)} worker-hours reported.`
              : `Target: ${formatFigure(totals.targetPerWorkerHour)} per worker-hour.`
          }
        />
      </div>
      {totals.daysWithoutTarget > 0 || totals.target === null ? (
        <p className="flex items-start gap-2 rounded-md border bg-muted/40 p-3 text-sm">
          <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {totals.target === null
            ? 'No day in this range has both a daily report and a target, so attainment shows "—". Submit daily reports, and set a target in Productivity Settings.'
            : `${formatFigure(totals.daysWithoutTarget, 0)} factory-days with stoves coupled have no daily report or no target: their stoves count as coupled but not in attainment.`}
        </p>
      ) : null}
      <TrackerChart tracker={tracker} />
      <TrackerSection title="By factory" description="Open a factory to see each period.">
        <FiguresTable
          label="By factory"
          first="Factory"
          presentHeader={presentHeader}
          presentOf={couplersPresent}
          rows={factoryRows}
          tracker={tracker}
        />
      </TrackerSection>
      <TrackerSection
        title="By coupler"
        description="The authors of the stove reports. A coupler's target is the one in force on each day they reported; their hours are their factory's that day."
      >
        {couplerRows.length > 0 ? (
          <FiguresTable
            label="By coupler"
            first="Coupler"
            presentHeader="Days reported"
            presentOf={daysReported}
            rows={couplerRows}
            tracker={tracker}
          />
        ) : (
          <p className="text-sm text-muted-foreground">No stove reports in this range.</p>
        )}
      </TrackerSection>
      <TrackerSection title="By period" description="Every factory shown, per period: the numbers of the chart.">
        <PeriodTable tracker={tracker} presentHeader={presentHeader} presentOf={couplersPresent} />
      </TrackerSection>
    </div>
  );
}
