import { useId, useMemo, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type { ValidationResult, ValidationVerdict } from '@common/contracts/stove-ids';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { factoryLabel, filterItems, pageOf } from './validation.model';
import { VerdictBadge } from './verdict-badge';

const PAGE_SIZES = [50, 100, 200, 500] as const;

interface VerdictTableProps {
  result: ValidationResult;
  verdict: ValidationVerdict | null;
}

/** The verdicts in list order, filtered by one verdict, a page at a time (100,000 rows stay fast). */
export function VerdictTable({ result, verdict }: VerdictTableProps) {
  const sizeId = useId();
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const [page, setPage] = useState(0);
  // Line numbers are the position in the list sent, kept through filtering.
  const numbered = useMemo(() => result.items.map((item, index) => ({ ...item, line: index + 1 })), [result.items]);
  const rows = useMemo(() => filterItems(numbered, verdict), [numbered, verdict]);
  const [shownFilter, setShownFilter] = useState(verdict);
  if (shownFilter !== verdict) {
    setShownFilter(verdict);
    setPage(0);
  }
  const current = pageOf(rows, page, size);
  const first = current.page * size;

  return (
    <div className="flex flex-col gap-3">
      <Table containerLabel="Verdict rows" aria-label="Verdicts">
        <TableHeader>
          <TableRow>
            <TableHead scope="col" className="w-16 text-right">
              Line
            </TableHead>
            <TableHead scope="col">Stove ID</TableHead>
            <TableHead scope="col">Verdict</TableHead>
            <TableHead scope="col">Factory</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {current.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4} className="py-6 text-center text-muted-foreground">
                No stove ID has this verdict.
              </TableCell>
            </TableRow>
          ) : (
            current.rows.map((item) => (
              <TableRow key={item.line}>
                <TableCell className="text-right text-muted-foreground tabular-nums">{item.line}</TableCell>
                <TableCell className="font-mono">{item.code || '(empty)'}</TableCell>
                <TableCell>
                  <VerdictBadge verdict={item.verdict} />
                </TableCell>
                <TableCell>
                  {item.factoryCode ? (
                    factoryLabel(item.factoryCode, result.factories)
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <nav aria-label="Verdict pages" className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <Label htmlFor={sizeId} className="font-normal whitespace-nowrap">
            Rows per page
          </Label>
          <NativeSelect
            id={sizeId}
            value={String(size)}
            wrapperClassName="w-20"
            onChange={(event) => {
              setSize(Number(event.target.value));
              setPage(0);
            }}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </div>
        <span className="text-sm text-muted-foreground" data-testid="verdict-range">
          {rows.length === 0
            ? 'No rows'
            : `${(first + 1).toLocaleString('en-US')}–${(first + current.rows.length).toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')}`}
        </span>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="sm" onClick={() => setPage(current.page - 1)} disabled={current.page === 0}>
            <ChevronLeftIcon aria-hidden="true" />
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPage(current.page + 1)}
            disabled={current.page >= current.pages - 1}
          >
            Next
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
      </nav>
    </div>
  );
}
