import { useMemo } from 'react';
import { dayLabel } from '@common/calendar-days';
import { Link } from 'react-router';
import { stoveReportNumberLabel } from '@common/contracts/production';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { errorMessage } from '@web/lib/api-client';
import { useStoveReports } from '../api/get-stove-reports';
import { STOVE_REPORT_DETAIL_PATH } from './stove-report-columns';
import type { BackLink } from '@web/components/document/document.model';
import { StoveReportStatusBadge } from './stove-report-status-badge';

const RECENT = 10;

/** The last reports of a coupler or a factory, newest submitted first, each opening its page. */
export function RecentStoveReports({
  title,
  filter,
  back,
}: {
  title: string;
  filter: Record<string, string>;
  /** Where the report page's Back returns. */
  back: BackLink;
}) {
  const params = useMemo(() => ({ ...filter, sort: 'number', dir: 'desc', limit: RECENT }), [filter]);
  const reports = useStoveReports(params);

  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {reports.isPending ? (
        <div className="flex flex-col gap-2" aria-label="Loading recent reports" role="status">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </div>
      ) : reports.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The recent reports could not be loaded: {errorMessage(reports.error)}{' '}
          <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void reports.refetch()}>
            Try again
          </Button>
        </p>
      ) : reports.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No reports yet: the reports you submit appear here.</p>
      ) : (
        <Table containerLabel={title} aria-label={title}>
          <TableHeader>
            <TableRow>
              <TableHead>Report</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Stove model</TableHead>
              <TableHead className="text-right">Stoves</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {reports.data.items.map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  <Link
                    to={`${STOVE_REPORT_DETAIL_PATH}/${r.id}`}
                    state={{ back }}
                    className="font-medium whitespace-nowrap text-primary underline underline-offset-4"
                  >
                    {stoveReportNumberLabel(r.number)}
                  </Link>
                </TableCell>
                <TableCell className="whitespace-nowrap">{dayLabel(r.date)}</TableCell>
                <TableCell>{r.category.stoveModel}</TableCell>
                <TableCell className="text-right tabular-nums">{r.stoveCount.toLocaleString('en-US')}</TableCell>
                <TableCell>
                  <StoveReportStatusBadge status={r.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
