import { LoadError } from '@web/components/ui/load-error';
import { useId, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type VisibilityState,
} from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, DownloadIcon, ListFilterIcon, SearchIcon } from 'lucide-react';
import type { ListResponse } from '@common/contracts/list';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@web/components/ui/collapsible';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';

import { useIsMobile } from '@web/lib/use-is-mobile';
import { cn } from '@web/lib/utils';
import { DataTableCards } from './data-table-cards';
import { DataTableColumnMenu } from './data-table-column-menu';
import { DataTablePagination } from './data-table-pagination';
import { DataTableRowActions, type DataTableRowAction } from './data-table-row-actions';
import {
  activeFilterCount,
  filtersButtonLabel,
  formatListTotal,
  sortChoices,
  type Noun,
  type SortChoice,
} from './list-state.model';
import type { ListController } from './use-list-state';
import { useHiddenColumns } from './use-hidden-columns';

export interface DataTableColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort key for this column; absent = not sortable. */
  sortKey?: string;
  /** false: always shown, not offered in the Columns menu. */
  hideable?: boolean;
  className?: string;
}

/** What the table needs of a list query (a TanStack Query result fits). */
export interface DataTableResult<T> {
  data: ListResponse<T> | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  /** Showing the previous search's rows while the new ones load (dimmed; a live refetch is not). */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

export interface DataTableProps<T> {
  /** Names the table's remembered settings (hidden columns). */
  id: string;
  /** The table's accessible name, e.g. "Factories". */
  label: string;
  /** Counted things: "1 factory", "2 factories". */
  noun: Noun;
  columns: readonly DataTableColumn<T>[];
  list: ListController;
  result: DataTableResult<T>;
  getRowId: (row: T) => string;
  /** Names a row for screen readers ("Actions for …", "Select …"). */
  rowLabel: (row: T) => string;
  rowActions?: (row: T) => readonly DataTableRowAction[];
  /**
   * A click on a row (outside its links, buttons and inputs) opens it, e.g. its page. Keep a link or
   * a row action that does the same: this is a mouse and touch shortcut, not the keyboard path.
   */
  onRowClick?: (row: T) => void;
  /** Turns on row selection; renders the actions for the selected rows. */
  bulkActions?: (rows: T[], clearSelection: () => void) => ReactNode;
  /** Shows a search box with this label (e.g. "Search factories"). */
  searchLabel?: string;
  searchPlaceholder?: string;
  /** Filter controls (e.g. DataTableFilterSelect). */
  filters?: ReactNode;
  /** Page-level buttons at the end of the toolbar (e.g. "New factory"). */
  actions?: ReactNode;
  /** The CSV export endpoint (`<list path>/export.csv`); shows "Export CSV". */
  exportPath?: string;
  /** What to say when the list has no rows at all (without search or filters). */
  empty: { title: string; description?: ReactNode; action?: ReactNode };
}

const SKELETON_ROWS = 8;

/** What a click on a row's own controls (or on a menu it opened in a portal) must not trigger. */
const ROW_CONTROLS = 'a, button, input, select, textarea, label, [role="menuitem"], [role="checkbox"]';

/** Runs `open` for a plain click on the row itself: not on a control, not while selecting text. */
function openRow(event: MouseEvent<HTMLElement>, open: () => void): void {
  const target = event.target;
  if (!(target instanceof Element) || !event.currentTarget.contains(target)) return;
  if (target.closest(ROW_CONTROLS)) return;
  if (window.getSelection()?.toString()) return;
  open();
}

/** The phone's "Sort by" (its cards have no column headers to click): each sortable column both ways. */
function DataTableSortSelect({ list, choices }: { list: ListController; choices: readonly SortChoice[] }) {
  const id = useId();
  const current = `${list.state.sort}:${list.state.dir}`;
  const known = choices.some((choice) => choice.value === current);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        Sort by
      </Label>
      <NativeSelect
        id={id}
        value={current}
        onChange={(event) => {
          const chosen = choices.find((choice) => choice.value === event.target.value);
          if (chosen) list.setSort(chosen.sort, chosen.dir);
        }}
      >
        {known ? null : <option value={current}>The usual order</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function ariaSort(active: boolean, dir: 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  if (!active) return 'none';
  return dir === 'asc' ? 'ascending' : 'descending';
}

/**
 * A server-side list: search, filters, sort and keyset paging from `list` (kept in the URL),
 * column show/hide, optional row selection and row actions, loading, empty and error states,
 * total and CSV export. On a phone the filters (and a "Sort by") wait behind a "Filters" button
 * that counts the filters set, and the rows are cards with their main action on each.
 */
export function DataTable<T>({
  id,
  label,
  noun,
  columns,
  list,
  result,
  getRowId,
  rowLabel,
  rowActions,
  onRowClick,
  bulkActions,
  searchLabel,
  searchPlaceholder,
  filters,
  actions,
  exportPath,
  empty,
}: DataTableProps<T>) {
  const [hidden, setHidden] = useHiddenColumns(id);
  const isMobile = useIsMobile();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const selectable = bulkActions !== undefined;
  const { state } = list;

  // Selection belongs to one page of one question: a new page or filter starts empty.
  const selectionKey = JSON.stringify(list.apiParams);
  const [selection, setSelection] = useState<{ key: string; rows: RowSelectionState }>({ key: '', rows: {} });
  const rowSelection = selection.key === selectionKey ? selection.rows : {};

  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(hidden.map((columnId) => [columnId, false])),
    [hidden],
  );

  const tableColumns = useMemo<ColumnDef<T>[]>(() => {
    const defs: ColumnDef<T>[] = [];
    if (selectable) {
      defs.push({
        id: '__select',
        enableHiding: false,
        header: ({ table }) => (
          <Checkbox
            aria-label="Select all rows on this page"
            checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false}
            onCheckedChange={(checked) => table.toggleAllRowsSelected(checked === true)}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={`Select ${rowLabel(row.original)}`}
            checked={row.getIsSelected()}
            onCheckedChange={(checked) => row.toggleSelected(checked === true)}
          />
        ),
      });
    }
    for (const column of columns) {
      defs.push({
        id: column.id,
        header: column.header,
        enableHiding: column.hideable !== false,
        cell: ({ row }) => column.cell(row.original),
      });
    }
    if (rowActions) {
      defs.push({
        id: '__actions',
        enableHiding: false,
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => <DataTableRowActions rowLabel={rowLabel(row.original)} actions={rowActions(row.original)} />,
      });
    }
    return defs;
  }, [columns, rowActions, rowLabel, selectable]);

  const items = useMemo(() => result.data?.items ?? [], [result.data]);
  const columnsById = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);

  // TanStack Table keeps a mutable instance: the React Compiler skips this component (known, intended).
  // oxlint-disable-next-line react/incompatible-library
  const table = useReactTable({
    data: items,
    columns: tableColumns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    enableRowSelection: selectable,
    state: { columnVisibility, rowSelection },
    onColumnVisibilityChange: (updater) => {
      const next = typeof updater === 'function' ? updater(columnVisibility) : updater;
      setHidden(Object.entries(next).flatMap(([columnId, visible]) => (visible ? [] : [columnId])));
    },
    onRowSelectionChange: (updater) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      setSelection({ key: selectionKey, rows: next });
    },
  });

  const visibleColumnCount = table.getVisibleLeafColumns().length;
  const selectedRows = table.getSelectedRowModel().rows.map((row) => row.original);
  const clearSelection = () => setSelection({ key: selectionKey, rows: {} });
  const hasData = result.data !== undefined;
  const loading = !hasData && (result.isPending || result.isFetching);
  const showError = result.error !== null && result.error !== undefined && !result.isFetching;
  const exportHref = exportPath ? `${exportPath}${list.exportQuery ? `?${list.exportQuery}` : ''}` : undefined;
  const sorts = sortChoices(columns);
  const dimmed = result.isPlaceholderData === true && hasData;

  const search = searchLabel ? (
    <div className="flex min-w-0 flex-col gap-1.5 sm:w-72">
      <Label htmlFor={`${id}-search`} className="text-xs text-muted-foreground">
        {searchLabel}
      </Label>
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={`${id}-search`}
          type="search"
          className="pl-8"
          placeholder={searchPlaceholder}
          value={list.searchInput}
          onChange={(event) => list.setSearchInput(event.target.value)}
          autoComplete="off"
        />
      </div>
    </div>
  ) : null;

  const tools = (
    <>
      <DataTableColumnMenu
        columns={columns.filter((c) => c.hideable !== false)}
        hidden={hidden}
        onHiddenChange={setHidden}
      />
      {exportHref ? (
        <a href={exportHref} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <DownloadIcon aria-hidden="true" />
          Export CSV
        </a>
      ) : null}
      {actions}
    </>
  );

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid={`data-table-${id}`}>
      {isMobile ? (
        <Collapsible open={filtersOpen} onOpenChange={setFiltersOpen} className="flex flex-col gap-3">
          {search}
          <div className="flex flex-wrap items-center gap-2">
            {filters || sorts.length > 0 ? (
              <CollapsibleTrigger asChild>
                <Button variant="outline" size="sm">
                  <ListFilterIcon aria-hidden="true" />
                  {filtersButtonLabel(activeFilterCount(state))}
                </Button>
              </CollapsibleTrigger>
            ) : null}
            {tools}
          </div>
          <CollapsibleContent
            role="group"
            aria-label={`Filters of ${label}`}
            className="flex flex-col gap-3 rounded-md border p-3"
          >
            {filters}
            {sorts.length > 0 ? <DataTableSortSelect list={list} choices={sorts} /> : null}
          </CollapsibleContent>
        </Collapsible>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          {search}
          {filters}
          <div className="flex flex-wrap items-center gap-2 sm:ml-auto">{tools}</div>
        </div>
      )}

      {selectable && selectedRows.length > 0 ? (
        <div
          role="region"
          aria-label="Selected rows"
          className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm"
        >
          <span className="font-medium">{selectedRows.length} selected</span>
          {bulkActions?.(selectedRows, clearSelection)}
          <Button variant="ghost" size="sm" onClick={clearSelection}>
            Clear selection
          </Button>
        </div>
      ) : null}

      {showError ? (
        <LoadError
          what={noun.other}
          error={result.error}
          onRetry={() => void result.refetch()}
          actions={
            state.cursor !== undefined ? (
              <Button variant="outline" size="sm" onClick={list.goFirst}>
                First page
              </Button>
            ) : null
          }
        />
      ) : null}

      {hasData && items.length === 0 && !result.isFetching ? (
        list.hasSearchOrFilters ? (
          <EmptyState
            title={`No ${noun.other} match the search and filters`}
            description="Try another search or fewer filters."
            action={
              <Button variant="outline" onClick={list.clearSearchAndFilters}>
                Clear search and filters
              </Button>
            }
          />
        ) : (
          <EmptyState title={empty.title} description={empty.description} action={empty.action} />
        )
      ) : showError && !hasData ? null : isMobile ? (
        <DataTableCards
          label={label}
          columns={table.getVisibleLeafColumns().flatMap((column) => columnsById.get(column.id) ?? [])}
          rows={table.getRowModel().rows}
          loading={loading}
          skeletonCount={Math.min(state.limit, SKELETON_ROWS)}
          dimmed={dimmed}
          selectable={selectable}
          rowLabel={rowLabel}
          rowActions={rowActions}
          onRowClick={onRowClick}
          openRow={openRow}
        />
      ) : (
        <Table
          containerLabel={label}
          aria-label={label}
          aria-busy={result.isPlaceholderData ? true : undefined}
          className={cn(result.isPlaceholderData && hasData && 'opacity-60 transition-opacity')}
        >
          <TableHeader>
            {table.getHeaderGroups().map((headerGroup) => (
              <TableRow key={headerGroup.id} className="hover:bg-transparent">
                {headerGroup.headers.map((header) => {
                  const column = columnsById.get(header.column.id);
                  const sortKey = column?.sortKey;
                  const active = sortKey !== undefined && state.sort === sortKey;
                  return (
                    <TableHead
                      key={header.id}
                      scope="col"
                      aria-sort={sortKey ? ariaSort(active, state.dir) : undefined}
                      className={column?.className}
                    >
                      {sortKey ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="-ml-3 h-8 data-[active=true]:text-foreground"
                          data-active={active}
                          onClick={() => list.sortBy(sortKey)}
                        >
                          {column.header}
                          {active ? (
                            state.dir === 'asc' ? (
                              <ArrowUpIcon aria-hidden="true" />
                            ) : (
                              <ArrowDownIcon aria-hidden="true" />
                            )
                          ) : (
                            <ArrowUpDownIcon className="opacity-50" aria-hidden="true" />
                          )}
                        </Button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </TableHead>
                  );
                })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {loading
              ? Array.from({ length: Math.min(state.limit, SKELETON_ROWS) }, (_, i) => (
                  <TableRow key={`skeleton-${i}`} data-testid="data-table-skeleton-row">
                    {Array.from({ length: visibleColumnCount }, (_, j) => (
                      <TableCell key={j}>
                        <Skeleton className="h-4 w-full min-w-12" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : table.getRowModel().rows.map((row) => (
                  <TableRow
                    key={row.id}
                    data-state={row.getIsSelected() ? 'selected' : undefined}
                    className={onRowClick ? 'cursor-pointer' : undefined}
                    onClick={onRowClick ? (event) => openRow(event, () => onRowClick(row.original)) : undefined}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <TableCell key={cell.id} className={columnsById.get(cell.column.id)?.className}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p role="status" className="text-sm text-muted-foreground" data-testid="data-table-total">
          {loading
            ? `Loading ${noun.other}...`
            : result.data
              ? formatListTotal(result.data.total, result.data.totalCapped, noun)
              : ''}
        </p>
        <DataTablePagination list={list} label={label} nextCursor={result.data?.nextCursor} disabled={loading} />
      </div>
    </div>
  );
}
