import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { STOVE_ID_STATUS_LABELS, type StoveIdStatus } from '@common/contracts/stove-ids';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { CODES_PAGE, filterCodes } from './document.model';

/** A column of a document's stove IDs. */
export interface StoveIdColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  headClassName?: string;
  cellClassName?: string;
}

/** Each stove ID, opening its page when `linked` (for those who may open Stove ID Management). */
export function codeColumn(linked: boolean): StoveIdColumn<{ code: string }> {
  return {
    header: 'Stove ID',
    cellClassName: 'font-mono',
    cell: (item) =>
      linked ? (
        <Link
          to={`/stove-id/management/${encodeURIComponent(item.code)}`}
          className="text-primary underline underline-offset-4"
        >
          {item.code}
        </Link>
      ) : (
        item.code
      ),
  };
}

/** The status each stove ID has now. */
export const statusNowColumn: StoveIdColumn<{ status: StoveIdStatus }> = {
  header: 'Status now',
  cell: (item) => STOVE_ID_STATUS_LABELS[item.status],
};

/**
 * The stove IDs on a document, with a search and a page at a time ("Show 200 more"), so a
 * document of thousands stays fast.
 */
export function DocumentStoveIds<T extends { code: string }>({
  number,
  noun,
  title = 'Stove IDs',
  items,
  columns,
  labelTable = true,
}: {
  /** The document's number ("SR-000012"): the table is "Stove IDs of SR-000012". */
  number: string;
  /** The kind of document, as in "No stove ID of this report contains …". */
  noun: string;
  title?: string;
  items: readonly T[];
  columns: readonly StoveIdColumn<T>[];
  /** Name the table itself too, not only its scrolling region. */
  labelTable?: boolean;
}) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(CODES_PAGE);
  const matching = useMemo(() => filterCodes(items, search), [items, search]);
  const visible = matching.slice(0, shown);
  const label = `Stove IDs of ${number}`;

  return (
    <section aria-labelledby={`${searchId}-title`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id={`${searchId}-title`} className="text-lg font-semibold">
          {title}
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
            setShown(CODES_PAGE);
          }}
        />
      </div>
      <Table containerLabel={label} aria-label={labelTable ? label : undefined}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.header} scope="col" className={column.headClassName}>
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {visible.map((item) => (
            <TableRow key={item.code}>
              {columns.map((column) => (
                <TableCell key={column.header} className={column.cellClassName}>
                  {column.cell(item)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {visible.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} className="text-muted-foreground">
                No stove ID of this {noun} contains “{search}”.
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      {matching.length > visible.length ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          Showing {visible.length.toLocaleString('en-US')} of {matching.length.toLocaleString('en-US')}.
          <Button variant="outline" size="sm" onClick={() => setShown((n) => n + CODES_PAGE)}>
            Show {Math.min(CODES_PAGE, matching.length - visible.length)} more
          </Button>
        </div>
      ) : null}
    </section>
  );
}
