import { AlertTriangleIcon } from 'lucide-react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { problemsOf } from '@web/components/code-entry/code-problems.model';
import { problemsByLine, type ShortageProblem } from './entry-form.model';

/**
 * Puts a refusal's shortages (409 `details.problems`) on the lines they belong to, under their
 * quantity; returns them for the list above the button, or null when the error is not one.
 */
export function showShortages<TValues extends FieldValues & { lines: { itemId: string }[] }, TOut>(
  form: UseFormReturn<TValues, unknown, TOut>,
  error: unknown,
  items: readonly { id: string; name: string }[],
): ShortageProblem[] | null {
  const problems = problemsOf(error);
  if (!problems) return null;
  const lines = form.getValues('lines' as Path<TValues>) as { itemId: string }[];
  let first = true;
  for (const [index, reason] of problemsByLine(problems, lines, items)) {
    form.setError(
      `lines.${index}.quantity` as Path<TValues>,
      { type: 'server', message: reason },
      { shouldFocus: first },
    );
    first = false;
  }
  return problems;
}

/** What refused an entry: each item whose stock is short, and by how much. Nothing was saved. */
export function ShortageAlert({ problems }: { problems: readonly ShortageProblem[] }) {
  return (
    <section
      role="alert"
      aria-label="Not enough stock"
      className="flex flex-col gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <AlertTriangleIcon className="size-4 shrink-0 text-destructive" aria-hidden="true" />
        Not enough stock: nothing was saved
      </h3>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {problems.map((problem) => (
          <li key={problem.code}>
            <span className="font-medium">{problem.code}</span>: {problem.reason}
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground">Lower the quantities marked on the lines, or receive more stock first.</p>
    </section>
  );
}
