import { useCallback, useId, useMemo, useState } from 'react';
import { CheckCheckIcon, FileDownIcon, ListChecksIcon, RotateCwIcon } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { plural } from '@common/counted';
import type { MeResponse } from '@common/contracts/me';
import type { CodeProblem, ValidateStoveIds, ValidationResult, ValidationVerdict } from '@common/contracts/stove-ids';
import { CodeEntry } from '@web/components/code-entry/code-entry';
import { problemsOf } from '@web/components/code-entry/code-problems.model';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { DraftNotice } from '@web/components/form/draft-notice';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Label } from '@web/components/ui/label';
import { Loading } from '@web/components/ui/loading';
import { NativeSelect } from '@web/components/ui/native-select';
import { PageHeader } from '@web/components/ui/page-header';
import { errorMessage } from '@web/lib/api-client';
import { useDraft, type DraftOwner } from '@web/lib/use-draft';
import { useApproveStoveIds } from '../api/approve-stove-ids';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useValidateStoveIds } from '../api/validate-stove-ids';
import { ApprovalProblems } from '../components/approval-problems';
import {
  csvFileName,
  factoryLabel,
  idCount,
  passingCodes,
  requestCodes,
  verdictByCode,
  verdictsCsv,
} from '../components/validation.model';
import { VerdictBadge } from '../components/verdict-badge';
import { VerdictSummary } from '../components/verdict-summary';
import { VerdictTable } from '../components/verdict-table';

/** What the page needs of the signed-in user: global users may pick the factory, others check against theirs. */
export type ValidationViewer = Pick<MeResponse, 'isGlobal' | 'factory'> & DraftOwner;

/** What a draft of this screen keeps: the list (with the repeats set aside) and the factory chosen. */
const draftSchema = z.object({ codes: z.array(z.string()), repeats: z.array(z.string()), factory: z.string() });
type ValidationDraft = z.infer<typeof draftSchema>;

function describeDraft(draft: ValidationDraft): string {
  return `${idCount(draft.codes.length)} to check`;
}

interface Outcome {
  request: ValidateStoveIds;
  result: ValidationResult;
  /** The version of the list and factory it was made for (the results are stale after a change). */
  version: number;
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Validate Stove IDs (/stove-id/validate): collect codes (scan, paste, range, file), get a verdict
 * for each (unknown, bad check digit, duplicate, wrong factory, or its status), filter them by
 * verdict, download them as CSV, and approve the coupled IDs that pass as validated in one action.
 */
export function ValidateStoveIdsPage({ title, viewer }: { title: string; viewer: ValidationViewer }) {
  const factoryId = useId();
  const [codes, setCodes] = useState<string[]>([]);
  /** Occurrences past the first that the code entry set aside: sent too, so they get "Duplicate". */
  const [repeats, setRepeats] = useState<string[]>([]);
  const [factory, setFactory] = useState('');
  const [version, setVersion] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [filter, setFilter] = useState<ValidationVerdict | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problems, setProblems] = useState<CodeProblem[] | null>(null);
  const validation = useValidateStoveIds();
  const approval = useApproveStoveIds();
  const factories = useFactoryOptions();
  const draft = useDraft<ValidationDraft>({
    screen: 'validate-stove-ids',
    userId: viewer.user.id,
    value: { codes, repeats, factory },
    isEmpty: (value) => value.codes.length === 0,
    schema: draftSchema,
    restore: (value) => {
      setCodes(value.codes);
      setRepeats(value.repeats);
      setFactory(value.factory);
      setVersion((v) => v + 1);
    },
    reset: () => {
      setCodes([]);
      setRepeats([]);
      setFactory('');
      setOutcome(null);
      setFilter(null);
      setProblems(null);
      setVersion((v) => v + 1);
    },
  });

  const changeList = (next: string[]) => {
    setCodes(next);
    if (next.length < codes.length) {
      const kept = new Set(next);
      setRepeats((current) => current.filter((code) => kept.has(code)));
    }
    setVersion((v) => v + 1);
  };

  const run = (request: ValidateStoveIds, forVersion: number) =>
    validation.mutateAsync(request).then((result) => {
      setOutcome({ request, result, version: forVersion });
      return result;
    });

  const validate = () => {
    setFilter(null);
    setProblems(null);
    const request = { codes: requestCodes(codes, repeats), factoryId: viewer.isGlobal && factory ? factory : null };
    run(request, version).catch(() => undefined);
  };

  const stale = outcome !== null && outcome.version !== version;
  const passing = useMemo(() => (outcome ? passingCodes(outcome.result.items) : []), [outcome]);
  const verdicts = useMemo(() => (outcome ? verdictByCode(outcome.result.items) : null), [outcome]);
  const statusOf = useCallback(
    (code: string) => {
      const verdict = stale ? undefined : verdicts?.get(code);
      return verdict ? <VerdictBadge verdict={verdict} /> : null;
    },
    [stale, verdicts],
  );

  const approve = async () => {
    if (!outcome) return;
    try {
      const { approved } = await approval.mutateAsync({ codes: passing, factoryId: outcome.request.factoryId });
      toast.success(`${idCount(approved)} approved as validated`);
      draft.clear();
    } catch (error) {
      const refused = problemsOf(error);
      if (!refused) throw error;
      setProblems(refused);
    }
    setFilter(null);
    await run(outcome.request, outcome.version).catch(() => undefined);
  };

  const targetFactory = outcome?.request.factoryId
    ? (factories.data?.find((f) => f.id === outcome.request.factoryId) ?? null)
    : null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description="Check a list of stove IDs, see each one's verdict, and approve the coupled IDs that pass as validated."
      />
      <DraftNotice draft={draft} describe={describeDraft} />

      <Card>
        <CardHeader>
          <CardTitle>Stove IDs to check</CardTitle>
          <CardDescription>Scan, paste, add a range or upload a file. Repeats are kept and reported.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <CodeEntry
            label="Stove IDs to validate"
            focusScan
            repeatsKept
            codes={codes}
            onChange={changeList}
            onAdd={(result) => {
              if (result.duplicates.length > 0) {
                setRepeats((current) => [...current, ...result.duplicates]);
                setVersion((v) => v + 1);
              }
            }}
            statusOf={statusOf}
          />
          <div className="flex flex-wrap items-end gap-3">
            {viewer.isGlobal ? (
              <div className="flex w-full flex-col gap-2 sm:w-72">
                <Label htmlFor={factoryId}>The IDs should be at</Label>
                <NativeSelect
                  id={factoryId}
                  value={factory}
                  onChange={(event) => {
                    setFactory(event.target.value);
                    setVersion((v) => v + 1);
                  }}
                  aria-describedby={`${factoryId}-help`}
                >
                  <option value="">Any factory</option>
                  {(factories.data ?? []).map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.code} — {f.name}
                      {f.active ? '' : ' (inactive)'}
                    </option>
                  ))}
                </NativeSelect>
                <p id={`${factoryId}-help`} className="text-xs text-muted-foreground">
                  IDs elsewhere get “Wrong factory”.
                </p>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">
                Checked against your factory
                {viewer.factory ? `: ${viewer.factory.code} — ${viewer.factory.name}` : ' (none is assigned to you)'}.
              </p>
            )}
            <Button
              onClick={validate}
              disabled={codes.length === 0 || validation.isPending}
              aria-busy={validation.isPending || undefined}
            >
              <ListChecksIcon aria-hidden="true" />
              {validation.isPending ? 'Validating...' : `Validate ${idCount(requestCodes(codes, repeats).length)}`}
            </Button>
          </div>
        </CardContent>
      </Card>

      <section aria-labelledby="verdicts-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="verdicts-title" className="mr-auto text-lg font-semibold">
            Verdicts
          </h2>
          {outcome && !validation.isPending ? (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  download(verdictsCsv(outcome.result.items, outcome.result.factories), csvFileName(new Date()))
                }
              >
                <FileDownIcon aria-hidden="true" />
                Download CSV
              </Button>
              {passing.length > 0 ? (
                <Button size="sm" disabled={stale} onClick={() => setConfirming(true)}>
                  <CheckCheckIcon aria-hidden="true" />
                  Approve {passing.length.toLocaleString('en-US')} coupled {plural(passing.length, 'ID', 'IDs')}
                </Button>
              ) : null}
            </>
          ) : null}
        </div>

        {validation.isPending ? (
          <Loading className="py-10" label={`Validating ${idCount(validation.variables.codes.length)}...`} />
        ) : validation.isError ? (
          <div
            role="alert"
            className="flex flex-col items-start gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-4"
          >
            <p className="text-sm">
              <span className="font-semibold">The list could not be validated.</span> {errorMessage(validation.error)}
            </p>
            <Button variant="outline" size="sm" onClick={validate} disabled={codes.length === 0}>
              <RotateCwIcon aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : !outcome ? (
          <EmptyState
            icon={ListChecksIcon}
            headingLevel="h3"
            title="No verdicts yet"
            description="Add stove IDs above and choose Validate: each gets a verdict, with counts you can filter by."
          />
        ) : (
          <>
            {stale ? (
              <p role="status" className="rounded-md border bg-muted/50 p-3 text-sm">
                The list or the factory changed since these verdicts: validate again to update them
                {passing.length > 0 ? ' before approving' : ''}.
              </p>
            ) : null}
            {problems ? <ApprovalProblems problems={problems} onDismiss={() => setProblems(null)} /> : null}
            <p className="text-sm text-muted-foreground">
              {idCount(outcome.result.items.length)} checked
              {outcome.request.factoryId
                ? ` against ${targetFactory ? factoryLabel(targetFactory.code, [targetFactory]) : 'the chosen factory'}`
                : viewer.isGlobal
                  ? ' at any factory'
                  : ' against your factory'}
              .
            </p>
            <VerdictSummary
              summary={outcome.result.summary}
              total={outcome.result.items.length}
              selected={filter}
              onSelect={setFilter}
            />
            <VerdictTable result={outcome.result} verdict={filter} />
          </>
        )}
      </section>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Approve ${idCount(passing.length)}?`}
        description={`The ${plural(passing.length, 'coupled stove ID that passes becomes', `${passing.length.toLocaleString('en-US')} coupled stove IDs that pass become`)} Validated, ready to sell. If any of them no longer passes, nothing is approved.`}
        confirmLabel="Approve"
        busyLabel="Approving..."
        destructive={false}
        errorTitle="The stove IDs could not be approved"
        onConfirm={approve}
      />
    </div>
  );
}
