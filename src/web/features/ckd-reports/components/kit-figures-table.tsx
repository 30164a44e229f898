import type { ReactNode } from 'react';
import { KIT_FIGURE_COLUMNS, type KitFigures } from '@common/contracts/ckd-reports';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { cn } from '@web/lib/utils';
import { formatKits } from './report-filters.model';

/** A column before the figures (factory, category, day); the first one heads its row. */
export interface LeadingColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

const FIGURE_HINTS: Partial<Record<keyof KitFigures, string>> = {
  opening: 'Stock at the start of the period',
  consumed: 'Used by stove reports, net of voided reports',
  adjusted: 'Corrections up or down',
  closing: 'Stock at the end of the period',
};

/**
 * The kit figures table of both reports: the leading columns, opening, produced, received, sent,
 * consumed, adjusted and closing, and the totals in the footer.
 */
export function KitFiguresTable<Row extends KitFigures>({
  label,
  leading,
  rows,
  rowKey,
  totals,
  stale,
}: {
  label: string;
  leading: readonly LeadingColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  totals: KitFigures;
  /** Other filters are loading: the rows on screen are the previous ones. */
  stale: boolean;
}) {
  return (
    <Table
      containerLabel={label}
      aria-label={label}
      aria-busy={stale ? true : undefined}
      className={cn(stale && 'opacity-60 transition-opacity')}
    >
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {leading.map((c) => (
            <TableHead key={c.header} scope="col">
              {c.header}
            </TableHead>
          ))}
          {KIT_FIGURE_COLUMNS.map((c) => (
            <TableHead key={c.key} scope="col" className="text-right" title={FIGURE_HINTS[c.key]}>
              {c.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {leading.map((c, i) =>
              i === 0 ? (
                <th key={c.header} scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap">
                  {c.cell(row)}
                </th>
              ) : (
                <TableCell key={c.header}>{c.cell(row)}</TableCell>
              ),
            )}
            <Figures figures={row} />
          </TableRow>
        ))}
      </TableBody>
      <tfoot className="border-t bg-muted/50 font-medium">
        <TableRow className="hover:bg-transparent">
          <th scope="row" colSpan={leading.length} className="px-3 py-2 text-left font-semibold">
            Total
          </th>
          <Figures figures={totals} />
        </TableRow>
      </tfoot>
    </Table>
  );
}

function Figures({ figures }: { figures: KitFigures }) {
  return KIT_FIGURE_COLUMNS.map((c) => (
    <TableCell key={c.key} className={cn('text-right tabular-nums', c.key === 'closing' && 'font-semibold')}>
      {formatKits(figures[c.key])}
    </TableCell>
  ));
}
