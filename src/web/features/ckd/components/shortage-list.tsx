import { useId } from 'react';
import { AlertTriangleIcon } from 'lucide-react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';

/** What refused a request (409 `details.problems`): each stock that is short, and by how much. */
export function ShortageList({
  title,
  problems,
  hint,
}: {
  title: string;
  problems: readonly { code: string; reason: string }[];
  /** What to do next. */
  hint: string;
}) {
  const id = useId();
  return (
    <section
      role="alert"
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3"
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <AlertTriangleIcon className="size-4 shrink-0 text-destructive" aria-hidden="true" />
        {title}
      </h3>
      <p className="text-sm">{hint}</p>
      <Table aria-label={title}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Stock</TableHead>
            <TableHead scope="col">Problem</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {problems.map((problem) => (
            <TableRow key={problem.code}>
              <TableCell className="whitespace-normal">{problem.code}</TableCell>
              <TableCell className="whitespace-normal">{problem.reason}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
