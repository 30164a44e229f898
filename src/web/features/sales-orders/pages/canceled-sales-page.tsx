import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { dayLabel } from '@common/calendar-days';
import { salesOrderNumberLabel, type ListSalesOrdersQuery, type SalesOrder } from '@common/contracts/sales-orders';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableDayFilter } from '@web/components/data-table/data-table-day-filter';
import { DataTableFactoryFilter } from '@web/components/data-table/data-table-factory-filter';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState, type ListController } from '@web/components/data-table/use-list-state';
import { PageHeader } from '@web/components/ui/page-header';
import { SALES_ORDERS_EXPORT_PATH, useSalesOrders } from '../api/get-sales-orders';
import { canceledSaleColumns } from '../components/sales-order-columns';
import { SALES_ORDER_PATH, personName, type SalesOrderViewer } from '../components/sales-order.model';

const CANCELED_FILTERS = { factoryId: null, from: null, to: null } as const;

const CANCELED_LIST: ListStateConfig<ListSalesOrdersQuery['sort'], typeof CANCELED_FILTERS> = {
  sortable: ['canceledAt', 'date', 'number', 'total'],
  defaultSort: 'canceledAt',
  defaultDir: 'desc',
  filters: CANCELED_FILTERS,
};

const NOUN = { one: 'canceled sale', other: 'canceled sales' };

/** Canceled Sales (/sales/canceled-sales): the canceled orders, latest cancellation first, with who, when and why. */
export function CanceledSalesPage({ title, viewer }: { title: string; viewer: SalesOrderViewer }) {
  const state = useListState(CANCELED_LIST);
  // The Sales Order list, narrowed to canceled orders (the export too).
  const list: ListController<ListSalesOrdersQuery['sort'], typeof CANCELED_FILTERS> = {
    ...state,
    apiParams: { ...state.apiParams, status: 'canceled' },
    exportQuery: [state.exportQuery, 'status=canceled'].filter(Boolean).join('&'),
  };
  const result = useSalesOrders(list.apiParams);
  const navigate = useNavigate();
  const location = useLocation();
  const back = useMemo(() => ({ to: `${location.pathname}${location.search}`, title }), [location, title]);
  const columns = useMemo(() => canceledSaleColumns(back), [back]);
  const openOrder = useCallback(
    (order: SalesOrder) => void navigate(`${SALES_ORDER_PATH}/${order.id}`, { state: { back } }),
    [navigate, back],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={
          viewer.isGlobal
            ? 'Sales orders canceled at every factory: when, by whom and why. Their stove IDs went back to validated.'
            : `Sales orders canceled at ${viewer.factory?.name ?? 'your factory'}: when, by whom and why. Their stove IDs went back to validated.`
        }
      />
      <DataTable
        id="canceled-sales"
        label="Canceled sales"
        noun={NOUN}
        columns={columns}
        list={list}
        result={result}
        getRowId={getOrderId}
        rowLabel={orderLabel}
        onRowClick={openOrder}
        searchLabel="Search canceled sales"
        searchPlaceholder="Number, customer, buyer or stove ID"
        filters={
          <>
            {viewer.isGlobal ? <DataTableFactoryFilter list={list} /> : null}
            <DataTableDayFilter list={list} name="from" label="Sold from day" />
            <DataTableDayFilter list={list} name="to" label="Sold to day" />
          </>
        }
        exportPath={SALES_ORDERS_EXPORT_PATH}
        empty={{
          title: 'No canceled sales',
          description: 'Orders canceled from their page appear here with the reason, who canceled them and when.',
        }}
      />
    </div>
  );
}

function getOrderId(order: SalesOrder): string {
  return order.id;
}

function orderLabel(order: SalesOrder): string {
  return `${salesOrderNumberLabel(order.number)} of ${dayLabel(order.date)} to ${order.customer.name}, canceled by ${personName(order.canceledBy)}`;
}
