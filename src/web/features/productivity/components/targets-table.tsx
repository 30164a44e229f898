import { Trash2Icon } from 'lucide-react';
import { TARGET_STATE_LABELS, type ProductivityTarget, type TargetState } from '@common/contracts/productivity';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatDay, formatFigure } from './productivity-format.model';

const STATE_VARIANT: Record<TargetState, 'success' | 'outline' | 'secondary'> = {
  in_force: 'success',
  scheduled: 'outline',
  past: 'secondary',
};

const numeric = 'text-right tabular-nums';

export function targetScope(target: ProductivityTarget): string {
  return target.factory ? target.factory.name : 'The default';
}

/** One scope's (or every factory's) targets, newest first; a scheduled one can be deleted. */
export function TargetsTable({
  label,
  targets,
  showFactory,
  onDelete,
}: {
  label: string;
  targets: readonly ProductivityTarget[];
  showFactory: boolean;
  onDelete: (target: ProductivityTarget) => void;
}) {
  return (
    <Table containerLabel={label} aria-label={label}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {showFactory ? <TableHead scope="col">Factory</TableHead> : null}
          <TableHead scope="col">Effective from</TableHead>
          <TableHead scope="col" className={numeric}>
            Stoves per coupler per day
          </TableHead>
          <TableHead scope="col" className={numeric}>
            Working hours per day
          </TableHead>
          <TableHead scope="col" className={numeric}>
            Stoves per worker-hour
          </TableHead>
          <TableHead scope="col">Status</TableHead>
          <TableHead scope="col">Set by</TableHead>
          <TableHead scope="col">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {targets.map((t) => (
          <TableRow key={t.id}>
            {showFactory ? <TableCell className="font-medium whitespace-nowrap">{t.factory?.name}</TableCell> : null}
            <TableCell className="whitespace-nowrap">
              <time dateTime={t.effectiveFrom}>{formatDay(t.effectiveFrom)}</time>
            </TableCell>
            <TableCell className={numeric}>{formatFigure(t.stovesPerCouplerPerDay)}</TableCell>
            <TableCell className={numeric}>{formatFigure(t.hoursPerDay)}</TableCell>
            <TableCell className={numeric}>{formatFigure(t.stovesPerCouplerPerDay / t.hoursPerDay)}</TableCell>
            <TableCell>
              <Badge variant={STATE_VARIANT[t.state]}>{TARGET_STATE_LABELS[t.state]}</Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {t.createdBy ? (t.createdBy.name ?? t.createdBy.email) : <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell className="text-right">
              {t.state === 'scheduled' ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive"
                  onClick={() => onDelete(t)}
                  aria-label={`Delete the target of ${targetScope(t)} from ${formatDay(t.effectiveFrom)}`}
                >
                  <Trash2Icon aria-hidden="true" />
                  Delete
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
