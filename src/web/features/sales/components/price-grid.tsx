import { HistoryIcon } from 'lucide-react';
import { counted } from '@common/counted';
import type { SalesPriceGrid } from '@common/contracts/sales';
import { Input } from '@web/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { cn } from '@web/lib/utils';
import {
  cellKey,
  indexCells,
  initialText,
  nextLabel,
  priceLabel,
  type GridCategory,
  type GridCell,
  type GridPackage,
  type PriceEdits,
} from './price-grid.model';

/** The grid shows prices (each opens its history), or inputs for new prices. */
export type PriceGridMode =
  | { kind: 'view'; onOpenHistory: (pkg: GridPackage, category: GridCategory) => void }
  | {
      kind: 'edit';
      edits: PriceEdits;
      /** Problems by cellKey. */
      problems: Readonly<Record<string, string>>;
      onEdit: (key: string, text: string) => void;
      disabled: boolean;
    };

const STICKY = 'sticky left-0 z-10 bg-background';

/**
 * Package × category: a real table with a header per category and a row header per package (kept
 * in view while a phone scrolls sideways). Each cell shows the price in force and, when one is
 * scheduled, "from <date>: <next price>".
 */
export function PriceGrid({ grid, mode, label }: { grid: SalesPriceGrid; mode: PriceGridMode; label: string }) {
  const cells = indexCells(grid);
  return (
    <Table containerLabel={label} aria-label={label} className="border-separate border-spacing-0">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead scope="col" className={cn(STICKY, 'bg-muted border-b')}>
            Package
          </TableHead>
          {grid.categories.map((c) => (
            <TableHead key={c.id} scope="col" className="border-b text-right">
              <span className="flex flex-col items-end">
                <span>{c.name}</span>
                <span className="text-xs font-normal text-muted-foreground">
                  {c.code}
                  {c.active ? '' : ' · inactive'}
                </span>
              </span>
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {grid.packages.map((pkg) => (
          <TableRow key={pkg.id} className="hover:bg-transparent">
            <TableHead scope="row" className={cn(STICKY, 'max-w-48 border-b align-top whitespace-normal sm:max-w-64')}>
              <span className="flex flex-col py-1">
                <span className="font-medium">{pkg.name}</span>
                <span className="text-xs font-normal text-muted-foreground">
                  {pkg.code} · {counted(pkg.stovesPerPackage, 'stove')}
                  {pkg.active ? '' : ' · inactive'}
                </span>
              </span>
            </TableHead>
            {grid.categories.map((category) => {
              const key = cellKey(pkg.id, category.id);
              return (
                <TableCell key={category.id} className="border-b text-right align-top">
                  {mode.kind === 'view' ? (
                    <PriceCellView
                      cell={cells.get(key)}
                      name={`${pkg.name} for ${category.name}`}
                      onOpen={() => mode.onOpenHistory(pkg, category)}
                    />
                  ) : (
                    <PriceCellInput
                      id={`price-${key}`}
                      cell={cells.get(key)}
                      name={`${pkg.name} for ${category.name}`}
                      value={mode.edits[key] ?? initialText(cells.get(key))}
                      problem={mode.problems[key]}
                      disabled={mode.disabled}
                      onChange={(text) => mode.onEdit(key, text)}
                    />
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function PriceCellView({ cell, name, onOpen }: { cell: GridCell | undefined; name: string; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`History of ${name}`}
      className="group -mx-2 -my-1 inline-flex min-w-32 flex-col items-end rounded-md px-2 py-1 text-right outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {cell?.inForce ? (
        <span className="font-medium tabular-nums">{priceLabel(cell.inForce)}</span>
      ) : (
        <span className="text-muted-foreground">No price</span>
      )}
      {cell?.next ? <span className="text-xs text-sky-800 tabular-nums">{nextLabel(cell.next)}</span> : null}
      <HistoryIcon
        className="size-3 text-muted-foreground opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100"
        aria-hidden="true"
      />
    </button>
  );
}

function PriceCellInput({
  id,
  cell,
  name,
  value,
  problem,
  disabled,
  onChange,
}: {
  id: string;
  cell: GridCell | undefined;
  name: string;
  value: string;
  problem: string | undefined;
  disabled: boolean;
  onChange: (text: string) => void;
}) {
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const changed = value.trim() !== '' && value.trim() !== initialText(cell);
  return (
    <div className="flex min-w-32 flex-col items-end gap-1">
      <Input
        id={id}
        aria-label={`Price of ${name}`}
        aria-describedby={[hintId, problem ? problemId : ''].filter(Boolean).join(' ')}
        aria-invalid={problem ? true : undefined}
        inputMode="decimal"
        autoComplete="off"
        placeholder="No price"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={cn('h-8 w-32 text-right tabular-nums', changed && 'border-primary bg-primary/5 font-medium')}
      />
      <span id={hintId} className="text-xs text-muted-foreground tabular-nums">
        {cell?.inForce ? `Now ${priceLabel(cell.inForce)}` : 'No price yet'}
      </span>
      {problem ? (
        <span id={problemId} className="max-w-40 text-xs whitespace-normal text-destructive">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
