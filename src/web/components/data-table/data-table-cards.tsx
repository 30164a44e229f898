import { Fragment, type MouseEvent, type ReactNode } from 'react';
import type { Row } from '@tanstack/react-table';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/utils';
import { DataTableRowActions, type DataTableRowAction } from './data-table-row-actions';
import { splitRowActions } from './row-actions.model';

/** What a card shows of a column: its header as a small label, then the row's value. */
interface CardColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
}

interface DataTableCardsProps<T> {
  label: string;
  /** The visible columns, in the table's order. */
  columns: readonly CardColumn<T>[];
  rows: readonly Row<T>[];
  loading: boolean;
  skeletonCount: number;
  /** The previous search's rows while the new ones load. */
  dimmed: boolean;
  selectable: boolean;
  rowLabel: (row: T) => string;
  rowActions?: (row: T) => readonly DataTableRowAction[];
  onRowClick?: (row: T) => void;
  openRow: (event: MouseEvent<HTMLElement>, open: () => void) => void;
}

/** Long values wrap inside the card instead of pushing the page sideways. */
const VALUE = 'min-w-0 break-words [&_*]:whitespace-normal';

/**
 * A list's rows as cards, for a phone: each visible column's header and value, the row's selection
 * box and its main action as a button on the card (the other actions in its "…" menu).
 */
export function DataTableCards<T>({
  label,
  columns,
  rows,
  loading,
  skeletonCount,
  dimmed,
  selectable,
  rowLabel,
  rowActions,
  onRowClick,
  openRow,
}: DataTableCardsProps<T>) {
  return (
    <ul
      aria-label={label}
      aria-busy={dimmed ? true : undefined}
      className={cn('flex flex-col gap-3', dimmed && 'opacity-60 transition-opacity')}
    >
      {loading
        ? Array.from({ length: skeletonCount }, (_, i) => (
            <li
              key={`skeleton-${i}`}
              data-testid="data-table-skeleton-row"
              className="flex flex-col gap-2 rounded-md border p-3"
            >
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-2/3" />
            </li>
          ))
        : rows.map((row) => {
            const { main, more } = splitRowActions(rowActions?.(row.original) ?? []);
            const name = rowLabel(row.original);
            const MainIcon = main?.icon;
            return (
              <li
                key={row.id}
                data-state={row.getIsSelected() ? 'selected' : undefined}
                className={cn(
                  'flex flex-col gap-3 rounded-md border p-3 text-sm data-[state=selected]:bg-muted',
                  onRowClick && 'cursor-pointer',
                )}
                onClick={onRowClick ? (event) => openRow(event, () => onRowClick(row.original)) : undefined}
              >
                <div className="flex items-start gap-3">
                  {selectable ? (
                    <Checkbox
                      className="mt-0.5"
                      aria-label={`Select ${name}`}
                      checked={row.getIsSelected()}
                      onCheckedChange={(checked) => row.toggleSelected(checked === true)}
                    />
                  ) : null}
                  <dl className="grid min-w-0 flex-1 grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1.5">
                    {columns.map((column) => (
                      <Fragment key={column.id}>
                        <dt className="text-xs text-muted-foreground">{column.header}</dt>
                        <dd className={VALUE}>{column.cell(row.original)}</dd>
                      </Fragment>
                    ))}
                  </dl>
                  {more.length > 0 ? <DataTableRowActions rowLabel={name} actions={more} /> : null}
                </div>
                {main ? (
                  <Button variant="outline" size="sm" disabled={main.disabled} onClick={main.onSelect}>
                    {MainIcon ? <MainIcon aria-hidden="true" /> : null}
                    {main.label}
                    <span className="sr-only"> {name}</span>
                  </Button>
                ) : null}
              </li>
            );
          })}
    </ul>
  );
}
