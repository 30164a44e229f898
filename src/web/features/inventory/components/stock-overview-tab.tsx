import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { HistoryIcon } from 'lucide-react';
import type { InventoryStockRow, ListInventoryStockQuery } from '@common/contracts/inventory';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import { formatListTotal, type ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { useFactoryOptions } from '@web/lib/factory-options';
import { cn } from '@web/lib/utils';
import { useInventoryOptions } from '../api/get-inventory-options';
import { INVENTORY_STOCK_EXPORT_PATH, useInventoryStock } from '../api/get-inventory-stock';
import { EntryDetailDialog } from './entry-detail-dialog';
import type { InventoryViewer } from './inventory-viewer';
import { MovementHistorySheet } from './movement-history-sheet';
import { STOCK_COLUMNS } from './stock-columns';

const FILTERS = { factoryId: null, categoryId: null, low: ['true'] } as const;
const LIST: ListStateConfig<ListInventoryStockQuery['sort'], typeof FILTERS> = {
  sortable: ['item', 'category', 'factory', 'quantity'],
  defaultSort: 'item',
  filters: FILTERS,
};
const NOUN = { one: 'stock row', other: 'stock rows' };

/** Overview: stock per item and factory, low-stock flags and counts, CSV; a row's movements in a sheet. */
export function StockOverviewTab({ viewer }: { viewer: InventoryViewer }) {
  const list = useListState(LIST);
  const result = useInventoryStock(list.apiParams);
  const { q, factoryId, categoryId } = list.apiParams;
  // How many rows of the same search and filters are below their reorder level.
  const low = useInventoryStock({ q, factoryId, categoryId, low: 'true', limit: 1 });
  const factories = useFactoryOptions();
  const options = useInventoryOptions();
  const [history, setHistory] = useState<InventoryStockRow | null>(null);
  const [entryId, setEntryId] = useState<string | null>(null);
  const lowOnly = list.state.filters.low === 'true';

  const factoryOptions = useMemo(
    () => (factories.data ?? []).map((f) => ({ value: f.id, label: `${f.code} — ${f.name}` })),
    [factories.data],
  );
  const categoryOptions = useMemo(
    () => (options.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name })),
    [options.data],
  );
  const rowActions = useCallback(
    (row: InventoryStockRow): DataTableRowAction[] => [
      { label: 'Movement history', icon: HistoryIcon, onSelect: () => setHistory(row) },
    ],
    [],
  );

  return (
    <>
      <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2">
        <SummaryCard title={lowOnly ? 'Rows shown' : 'Items held'} loading={result.data === undefined}>
          <p className="text-2xl font-semibold tabular-nums">
            {result.data ? formatListTotal(result.data.total, result.data.totalCapped, NOUN) : ''}
          </p>
          <p className="text-sm text-muted-foreground">
            {viewer.isGlobal
              ? 'One row per item and factory holding it (or having held it).'
              : `Items held at ${viewer.factory?.name ?? 'your factory'}.`}
          </p>
        </SummaryCard>
        <SummaryCard title="Below reorder level" loading={low.data === undefined}>
          <p className={cn('text-2xl font-semibold tabular-nums', low.data && low.data.total > 0 && 'text-amber-800')}>
            {low.data ? formatListTotal(low.data.total, low.data.totalCapped, NOUN) : ''}
          </p>
          <Button
            variant="link"
            size="sm"
            className="h-auto w-fit px-0"
            onClick={() => list.setFilter('low', lowOnly ? undefined : 'true')}
          >
            {lowOnly ? 'Show all stock' : 'Show only low stock'}
          </Button>
        </SummaryCard>
      </section>
      <DataTable
        id="inventory-stock"
        label="Stock by item and factory"
        noun={NOUN}
        columns={STOCK_COLUMNS}
        list={list}
        result={result}
        getRowId={stockRowId}
        rowLabel={stockRowLabel}
        rowActions={rowActions}
        searchLabel="Search stock"
        searchPlaceholder="Item name"
        filters={
          <>
            {viewer.isGlobal ? (
              <DataTableFilterSelect list={list} name="factoryId" label="Factory" options={factoryOptions} />
            ) : null}
            <DataTableFilterSelect list={list} name="categoryId" label="Category" options={categoryOptions} />
            <LowOnlyFilter checked={lowOnly} onChange={(on) => list.setFilter('low', on ? 'true' : undefined)} />
          </>
        }
        exportPath={INVENTORY_STOCK_EXPORT_PATH}
        empty={{
          title: 'No stock yet',
          description: 'Add items on Names, then receive stock on Input: it shows here per factory.',
        }}
      />
      <MovementHistorySheet
        row={history}
        onClose={() => setHistory(null)}
        onOpenEntry={(id) => {
          setHistory(null);
          setEntryId(id);
        }}
      />
      <EntryDetailDialog entryId={entryId} onClose={() => setEntryId(null)} />
    </>
  );
}

function SummaryCard({ title, loading, children }: { title: string; loading: boolean; children: ReactNode }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 px-4">
        {loading ? <Skeleton className="h-8 w-32" /> : children}
      </CardContent>
    </Card>
  );
}

function LowOnlyFilter({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex h-9 items-center gap-2 sm:self-end">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="font-normal">
        Low stock only
      </Label>
    </div>
  );
}

function stockRowId(row: InventoryStockRow): string {
  return `${row.item.id}:${row.factory.id}`;
}

function stockRowLabel(row: InventoryStockRow): string {
  return `${row.item.name} at ${row.factory.code}`;
}
