import type { ReactNode } from 'react';
import { CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import type { CodeProblem } from '@common/contracts/stove-ids';
import { CodeEntry } from '@web/components/code-entry/code-entry';
import { CodeProblems } from '@web/components/code-entry/code-problems';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { cannotText, removeRefusedText, withoutCodes, type CheckedCode } from './code-check.model';

/** Refused codes listed; the rest are counted. */
const REFUSED_SHOWN = 100;

export interface CheckedCodeEntryProps<T extends CheckedCode> {
  /** The name of the code entry, e.g. "Stove IDs to send". */
  label: string;
  /** The list. */
  codes: string[];
  onChange: (codes: string[]) => void;
  disabled?: boolean;
  /** The scan field takes the focus as the entry opens (CodeEntry's `focusScan`). */
  focusScan?: boolean;
  /** What the form says about the list as a whole, under the entry. */
  listError?: string;
  /** Each code's verdict of the current check, by code. */
  byCode: ReadonlyMap<string, T>;
  /** A check of the list is asked for (codes without a verdict show "Checking..."). */
  checking: boolean;
  /** What a code that passes shows beside it ("In stock"), or null when it cannot go ahead. */
  passedText: (item: T) => string | null;
  /** What the codes are checked for, as in "cannot be reported": reported, sent, sold. */
  action: string;
  /** Where the check stands: what it waits for, "Checking...", or the counts. */
  summary: ReactNode;
  /** Announce the summary as it changes (off where the page announces a count of its own). */
  announceSummary?: boolean;
  /** Under the summary, e.g. the kits in stock. */
  children?: ReactNode;
  /** The check's query: its failure shows with Try again. */
  check: { isError: boolean; isFetching: boolean; error: Error | null; refetch: () => unknown };
  /** The codes of the list that cannot go ahead, in the list's order. */
  refused: readonly CheckedCode[];
  /** The codes the server named when it refused the whole request (409 `details.problems`). */
  problems: readonly CodeProblem[] | null;
  /** The heading over `problems`, given their count. */
  problemsTitle: (count: number) => string;
  /** The header of the problems' reason column. */
  problemsReasonHeader?: string;
}

/**
 * A list of stove IDs that the server checks as it changes (a stove report, a stove transfer, a
 * sales order): the code entry with each code's verdict beside it, then where the check stands, a
 * failed check with Try again, the codes that cannot go ahead with a way to remove them all, and
 * the codes the server named when it refused the request.
 */
export function CheckedCodeEntry<T extends CheckedCode>({
  label,
  codes,
  onChange,
  disabled,
  focusScan,
  listError,
  byCode,
  checking,
  passedText,
  action,
  summary,
  announceSummary = true,
  children,
  check,
  refused,
  problems,
  problemsTitle,
  problemsReasonHeader,
}: CheckedCodeEntryProps<T>) {
  const cannot = cannotText(action);
  const statusOf = (code: string) => {
    const item = byCode.get(code);
    return (
      <CheckedCodeStatus item={item} checking={checking} passed={item ? passedText(item) : null} action={action} />
    );
  };
  return (
    <>
      <CodeEntry
        label={label}
        codes={codes}
        onChange={onChange}
        statusOf={statusOf}
        disabled={disabled}
        focusScan={focusScan}
      />
      {listError ? <p className="text-sm text-destructive">{listError}</p> : null}
      <section aria-label="Eligibility summary" className="flex flex-col gap-2">
        {announceSummary ? (
          <p role="status" aria-live="polite" className="text-sm">
            {summary}
          </p>
        ) : (
          <p className="text-sm">{summary}</p>
        )}
        {children}
        {check.isError && !check.isFetching ? (
          <p role="alert" className="text-sm text-destructive">
            The stove IDs could not be checked: {errorMessage(check.error)}{' '}
            <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void check.refetch()}>
              Try again
            </Button>
          </p>
        ) : null}
        {refused.length > 0 ? (
          <div className="rounded-md border border-destructive/40 p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium">{cannot}</p>
              <Button
                variant="outline"
                size="sm"
                className="h-auto min-h-8 whitespace-normal text-left"
                onClick={() => onChange(withoutCodes(codes, refused))}
              >
                {removeRefusedText(refused.length, action)}
              </Button>
            </div>
            <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto">
              {refused.slice(0, REFUSED_SHOWN).map((item) => (
                <li key={item.code}>
                  <span className="font-mono">{item.code}</span>: {item.reason ?? cannot}
                </li>
              ))}
            </ul>
            {refused.length > REFUSED_SHOWN ? (
              <p className="mt-1 text-muted-foreground">
                and {(refused.length - REFUSED_SHOWN).toLocaleString('en-US')} more
              </p>
            ) : null}
          </div>
        ) : null}
        {problems ? (
          <CodeProblems
            title={problemsTitle(problems.length)}
            problems={problems}
            reasonHeader={problemsReasonHeader}
          />
        ) : null}
      </section>
    </>
  );
}

/**
 * Beside each code of a checked list: "Checking..." until its verdict comes (nothing while no
 * check is asked for), then the page's words for a code that passes, or why it cannot go ahead.
 */
export function CheckedCodeStatus({
  item,
  checking,
  passed,
  action,
}: {
  item: CheckedCode | undefined;
  /** A check of the list is asked for. */
  checking: boolean;
  /** What a code that passes shows ("In stock"), or null when this one cannot go ahead. */
  passed: string | null;
  /** What the codes are checked for: reported, sent, sold. */
  action: string;
}) {
  if (!item) return <span className="text-muted-foreground">{checking ? 'Checking...' : ''}</span>;
  if (passed !== null)
    return (
      <span className="inline-flex items-center gap-1 text-[oklch(0.45_0.12_150)]">
        <CheckCircle2Icon className="size-3.5" aria-hidden="true" />
        {passed}
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 text-destructive">
      <XCircleIcon className="size-3.5" aria-hidden="true" />
      {item.reason ?? cannotText(action)}
    </span>
  );
}
