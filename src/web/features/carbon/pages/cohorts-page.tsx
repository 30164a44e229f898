import { Fragment, useState } from 'react';
import { FileDownIcon } from 'lucide-react';
import { monthName } from '@common/carbon-record-rules';
import type { CarbonCohorts } from '@common/contracts/carbon-records';
import { FactoryFilter } from '@web/components/filters/factory-filter';
import { buttonVariants } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { Loading } from '@web/components/ui/loading';
import { PageHeader } from '@web/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { withQuery } from '@web/lib/query-string';
import { COHORTS_CSV_PATH, useCohorts } from '../api/get-cohorts';

const count = (n: number) => n.toLocaleString('en-US');

interface CohortsViewer {
  isGlobal: boolean;
  factory: { name: string } | null;
}

/**
 * Carbon Programme: Age Cohorts (/carbon/cohorts): the stoves in the field by year and month of
 * their first handover, as the monitoring methodologies' tables want them, with the cumulative and
 * the year totals; CSV export. The rule (App Doc "Age Cohorts"): carbon-record-rules.ts cohortTable.
 */
export function CohortsPage({ title, viewer }: { title: string; viewer: CohortsViewer }) {
  const [factoryId, setFactoryId] = useState('');
  const cohorts = useCohorts(factoryId || undefined);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={`Stoves in the field by month of their first sale${
          viewer.isGlobal ? '' : ` (sales of ${viewer.factory?.name ?? 'your factory'})`
        }. A stove returned and not sold again is out of the field; one sold again stays in its first month.`}
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        {viewer.isGlobal ? <FactoryFilter value={factoryId} onChange={setFactoryId} /> : <span />}
        <a
          href={withQuery(COHORTS_CSV_PATH, { factoryId: factoryId || undefined })}
          download
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <FileDownIcon aria-hidden="true" />
          Export CSV
        </a>
      </div>
      {cohorts.isError ? (
        <LoadError what="the age cohorts" error={cohorts.error} onRetry={() => void cohorts.refetch()} />
      ) : !cohorts.data ? (
        <Loading className="py-10" />
      ) : cohorts.data.months.length === 0 ? (
        <EmptyState title="No stoves sold yet" description="Each month of sales becomes a cohort here." />
      ) : (
        <CohortTable data={cohorts.data} />
      )}
    </div>
  );
}

function CohortTable({ data }: { data: CarbonCohorts }) {
  return (
    <Table aria-label="Age cohorts">
      <TableHeader>
        <TableRow>
          <TableHead>Year</TableHead>
          <TableHead>Month</TableHead>
          <TableHead className="text-right">Handed over</TableHead>
          <TableHead className="text-right">Returned</TableHead>
          <TableHead className="text-right">In the field</TableHead>
          <TableHead className="text-right">Cumulative</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.years.map((y) => (
          <Fragment key={y.year}>
            {data.months
              .filter((m) => m.year === y.year)
              .map((m) => (
                <TableRow key={`${m.year}-${m.month}`}>
                  <TableCell>{m.year}</TableCell>
                  <TableCell>{monthName(m.month)}</TableCell>
                  <TableCell className="text-right tabular-nums">{count(m.handedOver)}</TableCell>
                  <TableCell className="text-right tabular-nums">{count(m.returned)}</TableCell>
                  <TableCell className="text-right tabular-nums">{count(m.inField)}</TableCell>
                  <TableCell className="text-right tabular-nums">{count(m.cumulative)}</TableCell>
                </TableRow>
              ))}
            <TableRow className="bg-muted/40 font-semibold">
              <TableCell>{y.year}</TableCell>
              <TableCell>Year total</TableCell>
              <TableCell className="text-right tabular-nums">{count(y.handedOver)}</TableCell>
              <TableCell className="text-right tabular-nums">{count(y.returned)}</TableCell>
              <TableCell className="text-right tabular-nums">{count(y.inField)}</TableCell>
              <TableCell className="text-right tabular-nums">{count(y.cumulative)}</TableCell>
            </TableRow>
          </Fragment>
        ))}
      </TableBody>
    </Table>
  );
}
