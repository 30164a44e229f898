import { Fragment, useState, type ReactNode } from 'react';
import { ChevronDownIcon, ChevronRightIcon } from 'lucide-react';
import type { PeriodFigures, ProductivityFigures, ProductivityTracker } from '@common/contracts/productivity';
import { Button } from '@web/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { AttainmentBadge } from './attainment-badge';
import { formatFigure } from './productivity-format.model';

const numeric = 'text-right tabular-nums whitespace-nowrap';

export interface FiguresRow {
  id: string;
  name: string;
  /** A second line under the name (e.g. a coupler's factory). */
  detail?: string;
  totals: ProductivityFigures;
  periods: readonly PeriodFigures[];
}

function FigureCells({
  figures,
  presentOf,
}: {
  figures: ProductivityFigures;
  presentOf: (f: ProductivityFigures) => string;
}) {
  return (
    <>
      <TableCell className={numeric}>{formatFigure(figures.coupled, 0)}</TableCell>
      <TableCell className={numeric}>{presentOf(figures)}</TableCell>
      <TableCell className={numeric}>{formatFigure(figures.workerHours)}</TableCell>
      <TableCell className={numeric}>{formatFigure(figures.target)}</TableCell>
      <TableCell className={numeric}>
        <AttainmentBadge attainment={figures.attainment} />
      </TableCell>
      <TableCell className={numeric}>{formatFigure(figures.stovesPerWorkerHour)}</TableCell>
      <TableCell className={numeric}>{formatFigure(figures.targetPerWorkerHour)}</TableCell>
    </>
  );
}

function FigureHeads({ first, presentHeader }: { first: string; presentHeader: string }) {
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        <TableHead scope="col">{first}</TableHead>
        <TableHead scope="col" className={numeric}>
          Coupled
        </TableHead>
        <TableHead scope="col" className={numeric}>
          {presentHeader}
        </TableHead>
        <TableHead scope="col" className={numeric}>
          Worker-hours
        </TableHead>
        <TableHead scope="col" className={numeric}>
          Target
        </TableHead>
        <TableHead scope="col" className={numeric}>
          Attainment
        </TableHead>
        <TableHead scope="col" className={numeric}>
          Stoves per worker-hour
        </TableHead>
        <TableHead scope="col" className={numeric}>
          Target per worker-hour
        </TableHead>
      </TableRow>
    </TableHeader>
  );
}

/**
 * Factories or couplers with their totals over the range; each row opens to show its periods.
 * `presentOf`: what the "present" column shows (couplers present, or days a coupler reported).
 */
export function FiguresTable({
  label,
  first,
  presentHeader,
  presentOf,
  rows,
  tracker,
}: {
  label: string;
  first: string;
  presentHeader: string;
  presentOf: (f: ProductivityFigures) => string;
  rows: readonly FiguresRow[];
  tracker: ProductivityTracker;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const labels = new Map(tracker.periods.map((p) => [p.key, p.label]));
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Table containerLabel={label} aria-label={label}>
      <FigureHeads first={first} presentHeader={presentHeader} />
      <TableBody>
        {rows.map((row) => {
          const expanded = open.has(row.id);
          return (
            <Fragment key={row.id}>
              <TableRow>
                <TableCell>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="-ml-2 h-auto px-2 py-1 text-left font-medium"
                    aria-expanded={expanded}
                    onClick={() => toggle(row.id)}
                  >
                    {expanded ? <ChevronDownIcon aria-hidden="true" /> : <ChevronRightIcon aria-hidden="true" />}
                    <span className="flex flex-col">
                      <span>{row.name}</span>
                      {row.detail ? (
                        <span className="text-xs font-normal text-muted-foreground">{row.detail}</span>
                      ) : null}
                    </span>
                    <span className="sr-only">{expanded ? ': hide periods' : ': show periods'}</span>
                  </Button>
                </TableCell>
                <FigureCells figures={row.totals} presentOf={presentOf} />
              </TableRow>
              {expanded
                ? row.periods.map((p) => (
                    <TableRow key={p.key} className="bg-muted/30 text-muted-foreground">
                      <TableCell className="pl-10 whitespace-nowrap">{labels.get(p.key) ?? p.key}</TableCell>
                      <FigureCells figures={p} presentOf={presentOf} />
                    </TableRow>
                  ))
                : null}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Every factory shown, per period: the chart's numbers as a table. */
export function PeriodTable({
  tracker,
  presentHeader,
  presentOf,
}: {
  tracker: ProductivityTracker;
  presentHeader: string;
  presentOf: (f: ProductivityFigures) => string;
}) {
  const labels = new Map(tracker.periods.map((p) => [p.key, p.label]));
  return (
    <Table containerLabel="By period" aria-label="By period">
      <FigureHeads first="Period" presentHeader={presentHeader} />
      <TableBody>
        {tracker.trend.map((p) => (
          <TableRow key={p.key}>
            <TableCell className="font-medium whitespace-nowrap">{labels.get(p.key) ?? p.key}</TableCell>
            <FigureCells figures={p} presentOf={presentOf} />
          </TableRow>
        ))}
        <TableRow className="border-t-2 font-semibold hover:bg-transparent">
          <TableCell>Total</TableCell>
          <FigureCells figures={tracker.totals} presentOf={presentOf} />
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** A titled section of the page. */
export function TrackerSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}
