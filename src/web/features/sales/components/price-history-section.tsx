import { useCallback, useState } from 'react';
import { UndoIcon } from 'lucide-react';
import type { ListSalesPricesQuery, SalesPrice } from '@common/contracts/sales';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableDayFilter } from '@web/components/data-table/data-table-day-filter';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { useSalesOptions } from '@web/lib/sales-options';
import { useSalesPrices } from '../api/get-sales-prices';
import { priceLabel } from './price-grid.model';
import { PRICE_HISTORY_COLUMNS } from './price-history-columns';
import { WithdrawPriceDialog } from './withdraw-price-dialog';

const PRICE_FILTERS = { packageId: null, categoryId: null, from: null, to: null } as const;

const PRICE_LIST: ListStateConfig<ListSalesPricesQuery['sort'], typeof PRICE_FILTERS> = {
  sortable: ['effectiveFrom', 'createdAt'],
  defaultSort: 'effectiveFrom',
  defaultDir: 'desc',
  filters: PRICE_FILTERS,
};

const NOUN = { one: 'price', other: 'prices' };

/** Every price ever set, newest date first: filters, CSV export, and withdrawal of a scheduled price. */
export function PriceHistorySection() {
  const list = useListState(PRICE_LIST);
  const result = useSalesPrices(list.apiParams);
  const options = useSalesOptions();
  const [withdrawing, setWithdrawing] = useState<SalesPrice | null>(null);

  const rowActions = useCallback(
    (price: SalesPrice): DataTableRowAction[] =>
      price.state === 'scheduled'
        ? [{ label: 'Withdraw', icon: UndoIcon, variant: 'destructive', onSelect: () => setWithdrawing(price) }]
        : [],
    [],
  );

  const packageOptions = (options.data?.packages ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }));
  const categoryOptions = (options.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }));

  return (
    <>
      <DataTable
        id="sales-prices"
        label="Price history"
        noun={NOUN}
        columns={PRICE_HISTORY_COLUMNS}
        list={list}
        result={result}
        getRowId={getPriceId}
        rowLabel={priceRowLabel}
        rowActions={rowActions}
        searchLabel="Search prices"
        searchPlaceholder="Package, category or note"
        filters={
          <>
            <DataTableFilterSelect list={list} name="packageId" label="Package" options={packageOptions} />
            <DataTableFilterSelect list={list} name="categoryId" label="Category" options={categoryOptions} />
            <DataTableDayFilter list={list} name="from" label="Effective from" />
            <DataTableDayFilter list={list} name="to" label="Effective to" />
          </>
        }
        exportPath="/api/sales/prices/export.csv"
        empty={{
          title: 'No prices yet',
          description: 'Prices appear here once they are set in the grid with "New prices".',
        }}
      />
      <WithdrawPriceDialog price={withdrawing} onClose={() => setWithdrawing(null)} />
    </>
  );
}

function getPriceId(price: SalesPrice): string {
  return price.id;
}

function priceRowLabel(price: SalesPrice): string {
  return `${price.package.name}, ${price.category.name}, ${priceLabel(price)} from ${price.effectiveFrom}`;
}
