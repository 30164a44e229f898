import { useId, useMemo, useState, type ReactNode } from 'react';
import { dayLabel } from '@common/calendar-days';
import { Link, useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeftIcon, BanIcon } from 'lucide-react';
import { stoveReportNumberLabel, type StoveReportDetail } from '@common/contracts/production';
import { STOVE_ID_STATUS_LABELS, type CodeProblem } from '@common/contracts/stove-ids';
import { ReasonDialog } from '@web/components/form/reason-dialog';
import { CodeProblems } from '@web/components/code-entry/code-problems';
import { problemsOf } from '@web/components/code-entry/code-problems.model';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Loading } from '@web/components/ui/loading';
import { PageHeader } from '@web/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { OpenError } from '@web/components/ui/open-error';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useStoveReport } from '../api/get-stove-report';
import { useVoidStoveReport } from '../api/void-stove-report';
import { StoveReportStatusBadge } from '../components/stove-report-status-badge';
import { backOf, kits, personName, stoveIds, type BackLink } from '../components/stove-report.model';

const PAGE = 200;

/**
 * One stove report (/production/stove-reports/:id): its details and stove IDs (each opening its
 * page for those who may open Stove ID Management); void it when allowed.
 */
export function StoveReportDetailPage({ back, canOpenStoveIds }: { back: BackLink; canOpenStoveIds: boolean }) {
  const { id = '' } = useParams();
  const report = useStoveReport(id);
  const backLink = backOf(useLocation().state, back);

  return (
    <div className="flex flex-col gap-6">
      <Link to={backLink.to} className={buttonVariants({ variant: 'link', size: 'sm', className: 'w-fit px-0' })}>
        <ArrowLeftIcon aria-hidden="true" />
        Back to {backLink.title}
      </Link>
      {report.isPending ? (
        <Loading className="py-10" />
      ) : report.isError ? (
        <OpenError
          heading="Stove report"
          title="This stove report could not be opened"
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      ) : (
        <ReportDetail
          key={`${report.data.id}:${report.data.status}`}
          report={report.data}
          canOpenStoveIds={canOpenStoveIds}
        />
      )}
    </div>
  );
}

function ReportDetail({ report, canOpenStoveIds }: { report: StoveReportDetail; canOpenStoveIds: boolean }) {
  const number = stoveReportNumberLabel(report.number);
  const searchId = useId();
  const [voiding, setVoiding] = useState(false);
  const [problems, setProblems] = useState<CodeProblem[] | null>(null);
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(PAGE);
  const voidReport = useVoidStoveReport();

  const matching = useMemo(() => {
    const needle = search.trim().toUpperCase();
    return needle ? report.items.filter((i) => i.code.includes(needle)) : report.items;
  }, [report.items, search]);
  const visible = matching.slice(0, shown);

  const submitVoid = async (reason: string) => {
    try {
      await voidReport.mutateAsync({ id: report.id, reason });
      setProblems(null);
      toast.success(`${number} voided`, {
        description: `${stoveIds(report.stoveCount)} are in stock again and ${kits(report.stoveCount)} are back at ${report.factory.name}.`,
      });
    } catch (error) {
      const refused = problemsOf(error);
      if (refused) {
        setProblems(refused);
        toast.error('The report was not voided', { description: errorMessage(error) });
        return;
      }
      throw error;
    }
  };

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <PageHeader title={`Stove report ${number}`} />
        <StoveReportStatusBadge status={report.status} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <Detail term="Factory">
              {report.factory.name} ({report.factory.code})
            </Detail>
            <Detail term="Date coupled">
              <time dateTime={report.date}>{dayLabel(report.date)}</time>
            </Detail>
            <Detail term="Stove model">
              {report.category.stoveModel} ({report.category.name})
            </Detail>
            <Detail term="Stoves">{report.stoveCount.toLocaleString('en-US')}</Detail>
            <Detail term="Submitted">
              <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time> by{' '}
              {personName(report.createdBy)}
            </Detail>
            {report.note ? <Detail term="Note">{report.note}</Detail> : null}
            {report.voidedAt ? (
              <Detail term="Voided">
                <time dateTime={report.voidedAt}>{formatDateTime(report.voidedAt)}</time> by{' '}
                {personName(report.voidedBy)}
              </Detail>
            ) : null}
            {report.voidReason ? <Detail term="Void reason">{report.voidReason}</Detail> : null}
          </dl>
        </CardContent>
      </Card>

      {report.can.void ? (
        <section aria-label="Actions" className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setVoiding(true)}>
            <BanIcon aria-hidden="true" />
            Void report
          </Button>
        </section>
      ) : null}
      {problems ? (
        <CodeProblems
          title={`The report cannot be voided: ${stoveIds(problems.length)} moved on`}
          problems={problems}
        />
      ) : null}

      <section aria-labelledby={`${searchId}-title`} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id={`${searchId}-title`} className="text-lg font-semibold">
            Stove IDs
          </h2>
          <Input
            id={searchId}
            type="search"
            aria-label="Find a stove ID"
            placeholder="Find a stove ID"
            className="w-full sm:w-56"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setShown(PAGE);
            }}
          />
        </div>
        <Table containerLabel={`Stove IDs of ${number}`} aria-label={`Stove IDs of ${number}`}>
          <TableHeader>
            <TableRow>
              <TableHead>Stove ID</TableHead>
              <TableHead>Status now</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {visible.map((item) => (
              <TableRow key={item.code}>
                <TableCell className="font-mono">
                  {canOpenStoveIds ? (
                    <Link
                      to={`/stove-id/management/${encodeURIComponent(item.code)}`}
                      className="text-primary underline underline-offset-4"
                    >
                      {item.code}
                    </Link>
                  ) : (
                    item.code
                  )}
                </TableCell>
                <TableCell>{STOVE_ID_STATUS_LABELS[item.status]}</TableCell>
              </TableRow>
            ))}
            {visible.length === 0 ? (
              <TableRow>
                <TableCell colSpan={2} className="text-muted-foreground">
                  No stove ID of this report contains “{search}”.
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
        {matching.length > visible.length ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            Showing {visible.length.toLocaleString('en-US')} of {matching.length.toLocaleString('en-US')}.
            <Button variant="outline" size="sm" onClick={() => setShown((n) => n + PAGE)}>
              Show {Math.min(PAGE, matching.length - visible.length)} more
            </Button>
          </div>
        ) : null}
      </section>

      <ReasonDialog
        open={voiding}
        onOpenChange={setVoiding}
        title={`Void ${number}?`}
        description={`Its ${stoveIds(report.stoveCount)} go back in stock at ${report.factory.name} and its ${kits(report.stoveCount)} of ${report.category.stoveModel} are returned. This cannot be undone; say why the report is wrong.`}
        onConfirm={submitVoid}
        requiredMessage="A reason is required: say why the report is wrong."
        failureTitle="The report was not voided"
        labels={{ cancel: 'Keep it', confirm: 'Void report', busy: 'Voiding...' }}
      />
    </>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
