import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ClipboardCheckIcon, PackageIcon } from 'lucide-react';
import { z } from 'zod';
import { STOVE_REPORT_CODES_MAX, stoveReportNumberLabel, type StoveReport } from '@common/contracts/production';
import type { CodeProblem } from '@common/contracts/stove-ids';
import { counted } from '@common/counted';
import { CheckedCodeEntry } from '@web/components/code-check/checked-code-entry';
import { checkingText, checkState } from '@web/components/code-check/code-check.model';
import { useCheckInput } from '@web/components/code-check/use-check-input';
import { problemsOf } from '@web/components/code-entry/code-problems.model';
import { NoFactoryAssigned } from '@web/components/factory-scope/no-factory-assigned';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { DraftNotice } from '@web/components/form/draft-notice';
import { fieldErrorsOf } from '@web/components/form/server-errors.model';
import { SubmitBar } from '@web/components/form/submit-bar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Loading } from '@web/components/ui/loading';
import { NativeSelect } from '@web/components/ui/native-select';
import { PageHeader } from '@web/components/ui/page-header';
import { ProductionScreens } from '@web/components/production-screens';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage, isApiRequestError } from '@web/lib/api-client';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useStoveReportCheck } from '../api/check-stove-report';
import { useCkdCategoryOptions } from '@web/lib/ckd-category-options';
import { useSubmitStoveReport } from '../api/submit-stove-report';
import { RecentStoveReports } from '../components/recent-stove-reports';
import {
  REPORT_ACTION,
  isReportable,
  kits,
  recentScope,
  refusedCodes,
  reportConsequence,
  reportQuestion,
  stoves,
  submitReadiness,
  verdictsByCode,
  type StoveReportViewer,
  futureDayMessage,
} from '../components/stove-report.model';
import { localToday } from '@web/lib/local-today';
import { useDraft, type DraftOwner } from '@web/lib/use-draft';

type Field = 'factoryId' | 'date' | 'categoryId' | 'note';

/** What a draft of this screen keeps. */
const draftSchema = z.object({
  factoryId: z.string(),
  date: z.string(),
  categoryId: z.string(),
  codes: z.array(z.string()),
  note: z.string(),
});
type ReportDraft = z.infer<typeof draftSchema>;

function describeDraft(draft: ReportDraft): string {
  return draft.codes.length > 0 ? `${counted(draft.codes.length, 'stove ID')} scanned` : 'a note';
}

/**
 * Submit Production Report (/production/stove-report): the coupler's stove report. Factory (their
 * own when factory-scoped), day, stove model and the stove IDs coupled, each checked live; on
 * submit the IDs become coupled and one kit per stove is consumed, all or nothing.
 */
export function StoveReportPage({ title, viewer }: { title: string; viewer: StoveReportViewer & DraftOwner }) {
  const factories = useFactoryOptions();
  const models = useCkdCategoryOptions();
  const navigate = useNavigate();
  const ids = { factory: useId(), date: useId(), model: useId(), note: useId() };

  const ownFactory = viewer.isGlobal ? null : viewer.factory;
  const [chosenFactory, setChosenFactory] = useState('');
  const factoryId = ownFactory?.id ?? chosenFactory;
  const today = localToday();
  const [date, setDate] = useState(today);
  const [categoryId, setCategoryId] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<CodeProblem[] | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  // A day in the future is explained at the date itself, not only beside the disabled Submit.
  const dateError = fieldErrors.date ?? (date > today ? futureDayMessage(today) : undefined);
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmitStoveReport();
  const draft = useDraft<ReportDraft>({
    screen: 'stove-report',
    userId: viewer.user.id,
    value: { factoryId: chosenFactory, date, categoryId, codes, note },
    isEmpty: (value) => value.codes.length === 0 && value.note.trim() === '',
    schema: draftSchema,
    restore: (value) => {
      setChosenFactory(value.factoryId);
      setDate(value.date);
      setCategoryId(value.categoryId);
      setCodes(value.codes);
      setNote(value.note);
    },
    reset: () => {
      setChosenFactory('');
      setDate(today);
      setCategoryId('');
      setCodes([]);
      setNote('');
      setProblems(null);
      setFieldErrors({});
    },
  });

  const activeFactories = useMemo(() => (factories.data ?? []).filter((f) => f.active), [factories.data]);
  const factory = ownFactory ?? activeFactories.find((f) => f.id === factoryId) ?? null;
  const model = (models.data ?? []).find((m) => m.id === categoryId) ?? null;

  // Check after each change, once the list has been still for a moment (a report's worth at most).
  const request = useMemo(
    () =>
      factoryId && codes.length > 0 && codes.length <= STOVE_REPORT_CODES_MAX ? { factoryId, categoryId, codes } : null,
    [factoryId, categoryId, codes],
  );
  const { input, listKey, waiting } = useCheckInput(request);
  const check = useStoveReportCheck(input, listKey);
  const byCode = useMemo(() => verdictsByCode(check.data), [check.data]);
  const kitsAvailable = categoryId && !check.isPlaceholderData ? (check.data?.kitsAvailable ?? null) : null;
  const readiness = submitReadiness({
    factoryId,
    categoryId,
    date,
    today,
    codes,
    byCode,
    kitsAvailable,
    ...checkState(check, waiting),
  });
  const refused = useMemo(() => refusedCodes(codes, byCode), [codes, byCode]);

  const clearField = (field: Field) => setFieldErrors((current) => ({ ...current, [field]: undefined }));
  const changeCodes = useCallback((next: string[]) => {
    setCodes(next);
    setProblems(null);
  }, []);

  const reported = (report: StoveReport) => {
    const number = stoveReportNumberLabel(report.number);
    toast.success(`Report ${number} submitted`, {
      description: `${stoves(report.stoveCount)} of ${report.category.stoveModel} coupled at ${report.factory.name}.`,
      action: { label: 'Open', onClick: () => void navigate(`/production/stove-reports/${report.id}`) },
    });
    draft.clear();
    setCodes([]);
    setNote('');
    setProblems(null);
    setFieldErrors({});
  };

  const send = async () => {
    try {
      reported(await submit.mutateAsync({ factoryId, date, categoryId, codes, note: note.trim() || null }));
    } catch (error) {
      const codeProblems = problemsOf(error);
      if (codeProblems) {
        setProblems(codeProblems);
        toast.error('The report was not submitted', { description: errorMessage(error) });
        void check.refetch();
        return;
      }
      if (isApiRequestError(error) && error.status === 400) {
        const fields = fieldErrorsOf(error.details);
        setFieldErrors({
          factoryId: fields.factoryId?.join(' '),
          date: fields.date?.join(' '),
          categoryId: fields.categoryId?.join(' '),
          note: fields.note?.join(' '),
        });
        toast.error('The report was not submitted', { description: errorMessage(error) });
        return;
      }
      throw error;
    }
  };

  if (factories.isPending || models.isPending) return <Loading className="py-10" />;
  if (!viewer.isGlobal && !viewer.factory)
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title={title} />
        <NoFactoryAssigned description="Stove reports are for your factory, and you have none. Ask an administrator to assign one." />
      </div>
    );
  if (models.isError)
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title={title} />
        <EmptyState
          title="The stove models could not be loaded"
          description={errorMessage(models.error)}
          action={
            <Button variant="outline" onClick={() => void models.refetch()}>
              Try again
            </Button>
          }
        />
      </div>
    );

  const recent = recentScope(viewer, factoryId);
  const modelLabel = model?.stoveModel ?? 'the model';

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description="Report the stoves you coupled: scan each stove's ID. Each ID becomes coupled and one kit is taken from stock per stove."
      />
      <DraftNotice draft={draft} describe={describeDraft} />
      <ProductionScreens permissions={viewer.permissions} />
      <Card>
        <CardHeader>
          <CardTitle>Report</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <FieldBox id={ids.factory} label="Factory" error={fieldErrors.factoryId}>
            {ownFactory ? (
              <p id={ids.factory} className="flex h-9 items-center text-sm">
                {ownFactory.name} ({ownFactory.code})
              </p>
            ) : (
              <NativeSelect
                id={ids.factory}
                value={chosenFactory}
                aria-invalid={fieldErrors.factoryId ? true : undefined}
                aria-describedby={fieldErrors.factoryId ? `${ids.factory}-error` : undefined}
                onChange={(event) => {
                  setChosenFactory(event.target.value);
                  setProblems(null);
                  clearField('factoryId');
                }}
              >
                <option value="">Choose a factory</option>
                {activeFactories.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name} ({f.code})
                  </option>
                ))}
              </NativeSelect>
            )}
          </FieldBox>
          <FieldBox id={ids.date} label="Date coupled" error={dateError}>
            <Input
              id={ids.date}
              type="date"
              value={date}
              max={today}
              required
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? `${ids.date}-error` : undefined}
              onChange={(event) => {
                setDate(event.target.value);
                clearField('date');
              }}
            />
          </FieldBox>
          <FieldBox id={ids.model} label="Stove model" error={fieldErrors.categoryId}>
            <NativeSelect
              id={ids.model}
              value={categoryId}
              aria-invalid={fieldErrors.categoryId ? true : undefined}
              aria-describedby={fieldErrors.categoryId ? `${ids.model}-error` : undefined}
              onChange={(event) => {
                setCategoryId(event.target.value);
                setProblems(null);
                clearField('categoryId');
              }}
            >
              <option value="">Choose a stove model</option>
              {(models.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.stoveModel} ({m.code})
                </option>
              ))}
            </NativeSelect>
          </FieldBox>
          {models.data?.length === 0 ? (
            <p className="text-sm text-muted-foreground sm:col-span-3">
              There are no stove models yet: ask a production manager to add the CKD categories.
            </p>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Stove IDs</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <CheckedCodeEntry
            label="Stove IDs coupled"
            focusScan
            codes={codes}
            onChange={changeCodes}
            disabled={submit.isPending}
            byCode={byCode}
            checking={request !== null}
            passedText={(item) => (isReportable(item) ? 'In stock' : null)}
            action={REPORT_ACTION}
            summary={
              codes.length === 0
                ? 'Add stove IDs to see whether they can be reported.'
                : !factoryId
                  ? 'Choose the factory to check the stove IDs.'
                  : codes.length > STOVE_REPORT_CODES_MAX
                    ? readiness.blocked
                    : (checkingText(codes.length, readiness.checked) ??
                      `${readiness.ok.toLocaleString('en-US')} in stock, ${readiness.problems.toLocaleString('en-US')} cannot be reported.`)
            }
            check={check}
            refused={refused}
            problems={problems}
            problemsTitle={(count) => `The report was refused (${counted(count, 'problem')})`}
          >
            {model && factory && kitsAvailable !== null ? (
              <p
                className={
                  kitsAvailable < codes.length
                    ? 'flex items-center gap-1.5 text-sm text-destructive'
                    : 'flex items-center gap-1.5 text-sm text-muted-foreground'
                }
              >
                <PackageIcon className="size-4" aria-hidden="true" />
                {kits(kitsAvailable)} of {model.stoveModel} in stock at {factory.name}
                {kitsAvailable < codes.length ? `: ${kits(codes.length)} needed.` : '.'}
              </p>
            ) : null}
          </CheckedCodeEntry>
          <FieldBox id={ids.note} label="Note (optional)" error={fieldErrors.note}>
            <Textarea
              id={ids.note}
              value={note}
              maxLength={1000}
              rows={2}
              aria-invalid={fieldErrors.note ? true : undefined}
              aria-describedby={fieldErrors.note ? `${ids.note}-error` : undefined}
              onChange={(event) => {
                setNote(event.target.value);
                clearField('note');
              }}
            />
          </FieldBox>
          <SubmitBar blocked={readiness.blocked} pending={submit.isPending}>
            {(action) => (
              <Button {...action} onClick={() => setConfirming(true)}>
                <ClipboardCheckIcon aria-hidden="true" />
                {codes.length > 0 ? `Report ${stoves(codes.length)}` : 'Submit report'}
              </Button>
            )}
          </SubmitBar>
        </CardContent>
      </Card>

      {recent ? (
        <RecentStoveReports
          title={'couplerId' in recent ? 'My recent reports' : `Recent reports at ${factory?.name ?? 'this factory'}`}
          filter={recent}
          back={{ to: '/production/stove-report', title }}
        />
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={reportQuestion(codes.length)}
        description={reportConsequence({
          count: codes.length,
          model: modelLabel,
          factory: factory?.name ?? 'the factory',
          date,
        })}
        confirmLabel={`Report ${stoves(codes.length)}`}
        busyLabel="Submitting..."
        destructive={false}
        errorTitle="The report was not submitted"
        onConfirm={send}
      />
    </div>
  );
}

function FieldBox({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
