import type { CkdStock } from '@common/contracts/ckd';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { cn } from '@web/lib/utils';

function Quantity({ value, strong = false }: { value: number; strong?: boolean }) {
  return (
    <span className={cn('tabular-nums', value === 0 && 'text-muted-foreground', strong && 'font-semibold')}>
      {value.toLocaleString('en-US')}
    </span>
  );
}

/** Kits in stock: a row per factory, a column per category, with totals per row, per column and overall. */
export function KitStockGrid({ stock, label }: { stock: CkdStock; label: string }) {
  const showTotals = stock.rows.length > 1;
  return (
    <Table containerLabel={label} aria-label={label}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead scope="col">Factory</TableHead>
          {stock.categories.map((c) => (
            <TableHead key={c.id} scope="col" className="text-right">
              <span className="flex flex-col items-end">
                <span>{c.name}</span>
                <span className="text-xs font-normal text-muted-foreground">
                  {c.code}
                  {c.active ? '' : ' · inactive'}
                </span>
              </span>
            </TableHead>
          ))}
          <TableHead scope="col" className="text-right">
            Total
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {stock.rows.map((row) => (
          <TableRow key={row.factory.id}>
            <TableHead scope="row" className="font-medium">
              {row.factory.name} <span className="font-normal text-muted-foreground">({row.factory.code})</span>
            </TableHead>
            {stock.categories.map((c) => (
              <TableCell key={c.id} className="text-right">
                <Quantity value={row.quantities[c.id] ?? 0} />
              </TableCell>
            ))}
            <TableCell className="text-right">
              <Quantity value={row.total} strong />
            </TableCell>
          </TableRow>
        ))}
        {showTotals ? (
          <TableRow className="bg-muted/50 hover:bg-muted/50">
            <TableHead scope="row">All factories</TableHead>
            {stock.categories.map((c) => (
              <TableCell key={c.id} className="text-right">
                <Quantity value={stock.totals[c.id] ?? 0} strong />
              </TableCell>
            ))}
            <TableCell className="text-right">
              <Quantity value={stock.total} strong />
            </TableCell>
          </TableRow>
        ) : null}
      </TableBody>
    </Table>
  );
}
