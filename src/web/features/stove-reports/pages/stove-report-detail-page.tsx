import { useState } from 'react';
import { dayLabel } from '@common/calendar-days';
import { useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { BanIcon } from 'lucide-react';
import { stoveReportNumberLabel, type StoveReportDetail } from '@common/contracts/production';
import type { CodeProblem } from '@common/contracts/stove-ids';
import { ReasonDialog } from '@web/components/form/reason-dialog';
import { CodeProblems } from '@web/components/code-entry/code-problems';
import { problemsOf } from '@web/components/code-entry/code-problems.model';
import {
  DocumentActions,
  DocumentDetail,
  DocumentDetails,
  DocumentEvent,
  DocumentHeader,
  DocumentPage,
  DocumentView,
} from '@web/components/document/document-page';
import { DocumentStoveIds, codeColumn, statusNowColumn } from '@web/components/document/document-stove-ids';
import { FilesPanel } from '@web/components/files/files-panel';
import type { BackLink } from '@web/components/document/document.model';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { useStoveReport } from '../api/get-stove-report';
import { useVoidStoveReport } from '../api/void-stove-report';
import { StoveReportStatusBadge } from '../components/stove-report-status-badge';
import { backOf, kits, personName, stoveIds } from '../components/stove-report.model';

/**
 * One stove report (/production/stove-reports/:id): its details and stove IDs (each opening its
 * page for those who may open Stove ID Management); void it when allowed.
 */
export function StoveReportDetailPage({ back, canOpenStoveIds }: { back: BackLink; canOpenStoveIds: boolean }) {
  const { id = '' } = useParams();
  const report = useStoveReport(id);
  return (
    <DocumentPage
      back={backOf(useLocation().state, back)}
      query={report}
      heading="Stove report"
      errorTitle="This stove report could not be opened"
    >
      {(data) => <ReportDetail key={`${data.id}:${data.status}`} report={data} canOpenStoveIds={canOpenStoveIds} />}
    </DocumentPage>
  );
}

function ReportDetail({ report, canOpenStoveIds }: { report: StoveReportDetail; canOpenStoveIds: boolean }) {
  const number = stoveReportNumberLabel(report.number);
  const [voiding, setVoiding] = useState(false);
  const [problems, setProblems] = useState<CodeProblem[] | null>(null);
  const voidReport = useVoidStoveReport();

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
    <DocumentView>
      <DocumentHeader title={`Stove report ${number}`} status={<StoveReportStatusBadge status={report.status} />} />

      <DocumentDetails>
        <DocumentDetail term="Factory">
          {report.factory.name} ({report.factory.code})
        </DocumentDetail>
        <DocumentDetail term="Date coupled">
          <time dateTime={report.date}>{dayLabel(report.date)}</time>
        </DocumentDetail>
        <DocumentDetail term="Stove model">
          {report.category.stoveModel} ({report.category.name})
        </DocumentDetail>
        <DocumentDetail term="Stoves">{report.stoveCount.toLocaleString('en-US')}</DocumentDetail>
        <DocumentDetail term="Submitted">
          <DocumentEvent at={report.createdAt} by={personName(report.createdBy)} />
        </DocumentDetail>
        {report.note ? <DocumentDetail term="Note">{report.note}</DocumentDetail> : null}
        {report.voidedAt ? (
          <DocumentDetail term="Voided">
            <DocumentEvent at={report.voidedAt} by={personName(report.voidedBy)} />
          </DocumentDetail>
        ) : null}
        {report.voidReason ? <DocumentDetail term="Void reason">{report.voidReason}</DocumentDetail> : null}
      </DocumentDetails>

      {report.can.void ? (
        <DocumentActions>
          <Button variant="outline" onClick={() => setVoiding(true)}>
            <BanIcon aria-hidden="true" />
            Void report
          </Button>
        </DocumentActions>
      ) : null}
      {report.voidBlocked && !problems ? (
        <p className="text-sm text-muted-foreground" data-testid="void-blocked">
          {report.voidBlocked}
        </p>
      ) : null}
      {problems ? (
        <CodeProblems
          title={`The report cannot be voided: ${stoveIds(problems.length)} moved on`}
          problems={problems}
        />
      ) : null}

      <FilesPanel kind="stove-report" recordId={report.id} />

      <DocumentStoveIds
        number={number}
        noun="report"
        items={report.items}
        columns={[codeColumn(canOpenStoveIds), statusNowColumn]}
      />

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
    </DocumentView>
  );
}
