import { useId, type ReactNode } from 'react';
import { AlertTriangleIcon } from 'lucide-react';
import type { CodeProblem } from '@common/contracts/stove-ids';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';

/** Rows rendered; a list of 100,000 problems is counted past this. */
const PROBLEMS_SHOWN = 500;

export interface CodeProblemsProps {
  /** The heading; also the table's name unless `tableLabel` is given. */
  title: string;
  /** The codes named by a refused all-or-nothing request (409 `details.problems`) or a preview. */
  problems: readonly CodeProblem[];
  /** The table's accessible name, when it is not the title. */
  tableLabel?: string;
  /** The header of the reason column (default "Problem"). */
  reasonHeader?: string;
  /** Beside the heading, e.g. a Dismiss button. */
  action?: ReactNode;
  /** Under the heading, e.g. a summary or what to do next. */
  children?: ReactNode;
}

/** An alert with every stove ID code that stops a request, each with its reason, in a scrolling table. */
export function CodeProblems({
  title,
  problems,
  tableLabel = title,
  reasonHeader = 'Problem',
  action,
  children,
}: CodeProblemsProps) {
  const id = useId();
  const shown = problems.slice(0, PROBLEMS_SHOWN);
  return (
    <section
      role="alert"
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`${id}-title`} className="mr-auto flex items-center gap-2 text-sm font-semibold">
          <AlertTriangleIcon className="size-4 shrink-0 text-destructive" aria-hidden="true" />
          {title}
        </h3>
        {action}
      </div>
      {children}
      <div className="max-h-56 overflow-y-auto">
        <Table aria-label={tableLabel}>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Stove ID</TableHead>
              <TableHead scope="col">{reasonHeader}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((problem, index) => (
              // A pasted list may name a code twice.
              <TableRow key={`${problem.code}-${index}`}>
                <TableCell className="font-mono">{problem.code || '(empty)'}</TableCell>
                <TableCell className="whitespace-normal">{problem.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {problems.length > shown.length ? (
        <p className="text-sm text-muted-foreground">
          And {(problems.length - shown.length).toLocaleString('en-US')} more.
        </p>
      ) : null}
    </section>
  );
}
