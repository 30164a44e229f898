import { formatSteelQuantity } from '@common/contracts/steel';
import { counted, plural } from '@common/counted';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import type { SteelNeed } from './ckd.model';

/** The steel the kits being recorded will consume, per steel category. */
export function SteelNeededTable({ needs, kits }: { needs: readonly SteelNeed[]; kits: number | null }) {
  const label = kits === null ? 'Steel per kit' : `Steel ${counted(kits, 'kit')} ${plural(kits, 'uses', 'use')}`;
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead scope="col">Steel</TableHead>
          <TableHead scope="col" className="text-right">
            Per kit
          </TableHead>
          <TableHead scope="col" className="text-right">
            Total
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {needs.map((need) => (
          <TableRow key={need.steelCategoryId}>
            <TableCell className="whitespace-normal">{need.name}</TableCell>
            <TableCell className="text-right tabular-nums">{formatSteelQuantity(need.perKit, need.unit)}</TableCell>
            <TableCell className="text-right font-medium tabular-nums">
              {kits === null ? '—' : formatSteelQuantity(need.total, need.unit)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
