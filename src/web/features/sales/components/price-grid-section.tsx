import { LoadError } from '@web/components/ui/load-error';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PlusIcon, TagsIcon } from 'lucide-react';
import { toast } from 'sonner';
import { dayLabel, isIsoDay } from '@common/calendar-days';
import { plural } from '@common/counted';
import { DEFAULT_CURRENCY, type SalesPriceGrid } from '@common/contracts/sales';
import { UnsavedChangesGuard } from '@web/components/form/unsaved-changes-guard';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';

import { useCreateSalesPrices } from '../api/create-sales-prices';
import { useSalesPriceGrid } from '../api/get-sales-price-grid';
import {
  changedCells,
  checkPriceList,
  hasProblems,
  priceListRequest,
  serverPriceListProblems,
  type GridCategory,
  type GridPackage,
  type PriceEdits,
  type PriceListFields,
  type PriceListProblems,
} from './price-grid.model';
import { localToday } from '@web/lib/local-today';
import { PriceGrid } from './price-grid';
import { PriceHistorySheet } from './price-history-sheet';
import { PriceListSummaryDialog } from './price-list-summary-dialog';
import { useUrlSearchParams } from '@web/lib/use-url-search-params';

const NO_PROBLEMS: PriceListProblems = { cells: {}, fields: {}, other: [] };

/**
 * The grid of prices in force on a day (the day and "show inactive" in the URL), each cell opening
 * its history; and "New prices": every cell editable, saved together as one price list from a date
 * after a summary of the changed cells.
 */
export function PriceGridSection() {
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const rawDate = searchParams.get('date');
  const date = rawDate && isIsoDay(rawDate) ? rawDate : undefined;
  const includeInactive = searchParams.get('inactive') === 'true';
  const [editing, setEditing] = useState(false);
  // New prices are set on today's grid of active packages and categories.
  const grid = useSalesPriceGrid(editing ? {} : { date, includeInactive });
  const [historyOf, setHistoryOf] = useState<{ pkg: GridPackage; category: GridCategory } | null>(null);
  const dateId = useId();
  const inactiveId = useId();

  const setParam = (name: string, value: string | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <section aria-label="Prices in force" className="flex flex-col gap-4">
      {editing ? null : (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={dateId} className="text-xs text-muted-foreground">
              Prices in force on
            </Label>
            <Input
              id={dateId}
              type="date"
              className="w-full sm:w-44"
              value={date ?? grid.data?.date ?? ''}
              onChange={(event) => setParam('date', event.target.value || undefined)}
            />
          </div>
          {date ? (
            <Button
              variant="outline"
              size="sm"
              className="self-start sm:self-auto"
              onClick={() => setParam('date', undefined)}
            >
              Today
            </Button>
          ) : null}
          <div className="flex items-center gap-2 sm:h-9">
            <Checkbox
              id={inactiveId}
              checked={includeInactive}
              onCheckedChange={(checked) => setParam('inactive', checked === true ? 'true' : undefined)}
            />
            <Label htmlFor={inactiveId}>Show inactive packages and categories</Label>
          </div>
          <Button size="sm" className="sm:ml-auto" onClick={() => setEditing(true)} disabled={!grid.data}>
            <PlusIcon aria-hidden="true" />
            New prices
          </Button>
        </div>
      )}

      {grid.isError && !grid.isFetching ? (
        <LoadError what="the prices" error={grid.error} onRetry={() => void grid.refetch()} />
      ) : !grid.data ? (
        <div role="status" aria-label="Loading the prices" className="flex flex-col gap-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : grid.data.packages.length === 0 || grid.data.categories.length === 0 ? (
        <EmptyGrid grid={grid.data} />
      ) : editing ? (
        <NewPricesEditor grid={grid.data} onDone={() => setEditing(false)} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Prices in force on {dayLabel(grid.data.date)}
            {date ? '' : ' (today)'}. Choose a price to see its history.
          </p>
          <PriceGrid
            grid={grid.data}
            label={`Prices in force on ${dayLabel(grid.data.date)}`}
            mode={{ kind: 'view', onOpenHistory: (pkg, category) => setHistoryOf({ pkg, category }) }}
          />
        </>
      )}
      {historyOf ? (
        <PriceHistorySheet pkg={historyOf.pkg} category={historyOf.category} onClose={() => setHistoryOf(null)} />
      ) : null}
    </section>
  );
}

function EmptyGrid({ grid }: { grid: SalesPriceGrid }) {
  const missing =
    grid.packages.length === 0 && grid.categories.length === 0
      ? 'packages and sales categories'
      : grid.packages.length === 0
        ? 'packages'
        : 'sales categories';
  return (
    <EmptyState
      icon={TagsIcon}
      title={`No active ${missing} yet`}
      description="Prices are set per package and sales category: add them first."
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {grid.packages.length === 0 ? (
            <Link to="/sales/packages" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              Sales Packages
            </Link>
          ) : null}
          {grid.categories.length === 0 ? (
            <Link to="/sales/categories" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              Sales Categories
            </Link>
          ) : null}
        </div>
      }
    />
  );
}

/** "New prices": the list's date, currency and note, every cell editable, review and save. */
function NewPricesEditor({ grid, onDone }: { grid: SalesPriceGrid; onDone: () => void }) {
  const { mutateAsync: save, isPending } = useCreateSalesPrices();
  const [fields, setFields] = useState<PriceListFields>({
    effectiveFrom: localToday(),
    currency: DEFAULT_CURRENCY,
    note: '',
  });
  const [edits, setEdits] = useState<PriceEdits>({});
  const [problems, setProblems] = useState<PriceListProblems>(NO_PROBLEMS);
  const [reviewing, setReviewing] = useState(false);
  const changes = changedCells(grid, edits);
  const ids = { date: useId(), currency: useId(), note: useId(), problems: useId() };

  const setField = (name: keyof PriceListFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setProblems((current) => ({ ...current, fields: { ...current.fields, [name]: undefined } }));
  };

  const review = () => {
    if (changes.length === 0) {
      setProblems({ ...NO_PROBLEMS, other: ['Type a new price in at least one cell.'] });
      return;
    }
    const found = checkPriceList(priceListRequest(fields, changes), changes);
    setProblems(found);
    if (hasProblems(found)) {
      focusFirstProblem(found);
      return;
    }
    setReviewing(true);
  };

  const confirm = async () => {
    try {
      const saved = await save(priceListRequest(fields, changes));
      toast.success(
        `${saved.length} ${plural(saved.length, 'price', 'prices')} set from ${dayLabel(fields.effectiveFrom)}`,
      );
      setReviewing(false);
      setEdits({});
      onDone();
    } catch (error) {
      setReviewing(false);
      const found = serverPriceListProblems(error, changes);
      setProblems(found);
      toast.error('Could not save the prices', {
        description: found.other.length > 0 ? found.other.join(' ') : 'Check the prices marked in the grid.',
      });
      focusFirstProblem(found);
    }
  };

  const fieldProblem = (name: keyof PriceListFields, id: string) =>
    problems.fields[name] ? (
      <p id={`${id}-problem`} className="text-sm text-destructive">
        {problems.fields[name]}
      </p>
    ) : null;
  const described = (name: keyof PriceListFields, id: string) =>
    problems.fields[name] ? { 'aria-describedby': `${id}-problem`, 'aria-invalid': true as const } : {};

  return (
    <div className="flex flex-col gap-4">
      <UnsavedChangesGuard when={changes.length > 0 && !isPending} />
      <div className="flex flex-col gap-3 rounded-md border bg-muted/30 p-4">
        <div>
          <h2 className="text-base font-semibold">New prices</h2>
          <p className="text-sm text-muted-foreground">
            Type the new prices in the cells to change, then review and save them together. A price set from a date that
            already has one corrects it; the history keeps both.
          </p>
        </div>
        <div className="grid gap-3 sm:grid-cols-[11rem_7rem_1fr]">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.date}>Effective from</Label>
            <Input
              id={ids.date}
              type="date"
              value={fields.effectiveFrom}
              disabled={isPending}
              onChange={(event) => setField('effectiveFrom', event.target.value)}
              {...described('effectiveFrom', ids.date)}
            />
            {fieldProblem('effectiveFrom', ids.date)}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.currency}>Currency</Label>
            <Input
              id={ids.currency}
              value={fields.currency}
              maxLength={3}
              autoComplete="off"
              spellCheck={false}
              className="font-mono uppercase"
              disabled={isPending}
              onChange={(event) => setField('currency', event.target.value)}
              {...described('currency', ids.currency)}
            />
            {fieldProblem('currency', ids.currency)}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.note}>Note (optional)</Label>
            <Input
              id={ids.note}
              value={fields.note}
              maxLength={500}
              autoComplete="off"
              placeholder="Why the prices change"
              disabled={isPending}
              onChange={(event) => setField('note', event.target.value)}
              {...described('note', ids.note)}
            />
            {fieldProblem('note', ids.note)}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm" aria-live="polite">
            {changes.length === 0
              ? 'No price changed yet.'
              : `${changes.length} ${plural(changes.length, 'price', 'prices')} changed.`}
          </p>
          <div className="ml-auto flex gap-2">
            <Button variant="outline" size="sm" disabled={isPending} onClick={onDone}>
              Cancel
            </Button>
            <Button size="sm" disabled={isPending} onClick={review}>
              Review and save
            </Button>
          </div>
        </div>
        {problems.other.length > 0 ? (
          <p id={ids.problems} role="alert" className="text-sm text-destructive">
            {problems.other.join(' ')}
          </p>
        ) : null}
      </div>
      <PriceGrid
        grid={grid}
        label="New prices"
        mode={{
          kind: 'edit',
          edits,
          problems: problems.cells,
          disabled: isPending,
          onEdit: (key, text) => {
            setEdits((current) => ({ ...current, [key]: text }));
            setProblems((current) => {
              if (!(key in current.cells) && current.other.length === 0) return current;
              const cells = { ...current.cells };
              delete cells[key];
              return { ...current, cells, other: [] };
            });
          },
        }}
      />
      <PriceListSummaryDialog
        open={reviewing}
        changes={changes}
        fields={fields}
        busy={isPending}
        onConfirm={() => void confirm()}
        onClose={() => setReviewing(false)}
      />
    </div>
  );
}

/** Moves the focus to the first cell or field with a problem, so keyboard and screen reader users land on it. */
function focusFirstProblem(problems: PriceListProblems) {
  const [firstCell] = Object.keys(problems.cells);
  // After the render that marks the problems.
  requestAnimationFrame(() => {
    const target = firstCell
      ? document.getElementById(`price-${firstCell}`)
      : document.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
  });
}
