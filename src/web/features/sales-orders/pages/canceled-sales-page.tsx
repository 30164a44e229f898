import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { dayLabel } from '@common/calendar-days';
import {
  salesOrderNumberLabel,
  salesReturnNumberLabel,
  type ListSalesOrdersQuery,
  type ListSalesReturnsQuery,
  type SalesOrder,
  type SalesReturn,
} from '@common/contracts/sales-orders';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableDayFilter } from '@web/components/data-table/data-table-day-filter';
import { DataTableFactoryFilter } from '@web/components/data-table/data-table-factory-filter';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState, type ListController } from '@web/components/data-table/use-list-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { SALES_ORDERS_EXPORT_PATH, useSalesOrders } from '../api/get-sales-orders';
import { SALES_RETURNS_EXPORT_PATH, useSalesReturns } from '../api/get-sales-returns';
import { canceledSaleColumns, salesReturnColumns } from '../components/sales-order-columns';
import { SALES_ORDER_PATH, personName, stoves, type SalesOrderViewer } from '../components/sales-order.model';
import { SALES_RETURN_PATH } from '../components/sales-return.model';

const CANCELED_FILTERS = { factoryId: null, from: null, to: null } as const;

const CANCELED_LIST: ListStateConfig<ListSalesOrdersQuery['sort'], typeof CANCELED_FILTERS> = {
  sortable: ['canceledAt', 'date', 'number', 'total'],
  defaultSort: 'canceledAt',
  defaultDir: 'desc',
  filters: CANCELED_FILTERS,
};

const NOUN = { one: 'canceled sale', other: 'canceled sales' };

const RETURN_FILTERS = { factoryId: null, from: null, to: null } as const;

const RETURN_LIST: ListStateConfig<ListSalesReturnsQuery['sort'], typeof RETURN_FILTERS> = {
  sortable: ['returnedAt', 'number', 'credit'],
  defaultSort: 'returnedAt',
  defaultDir: 'desc',
  filters: RETURN_FILTERS,
};

const RETURN_NOUN = { one: 'return', other: 'returns' };

type View = 'canceled' | 'returns';

/**
 * Canceled Sales (/sales/canceled-sales): two tabs, the canceled orders (latest cancellation first)
 * and the returns of some stoves of an order (?view=returns, latest first), each with who, when and why.
 */
export function CanceledSalesPage({ title, viewer }: { title: string; viewer: SalesOrderViewer }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get('view') === 'returns' ? 'returns' : 'canceled';
  // Each tab has its own list state; a new tab starts from a plain URL.
  const selectView = (value: string) =>
    setSearchParams(value === 'returns' ? { view: 'returns' } : {}, { preventScrollReset: true });
  const where = viewer.isGlobal ? 'every factory' : (viewer.factory?.name ?? 'your factory');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={`Sales orders canceled, and stoves returned from orders, at ${where}: when, by whom and why. Their stove IDs went back to validated.`}
      />
      {/* Manual activation: a click would otherwise also activate on focus and push the URL twice. */}
      <Tabs value={view} onValueChange={selectView} activationMode="manual">
        <TabsList aria-label={title}>
          <TabsTrigger value="canceled">Canceled orders</TabsTrigger>
          <TabsTrigger value="returns">Returns</TabsTrigger>
        </TabsList>
        <TabsContent value="canceled">
          {view === 'canceled' ? <CanceledOrders title={title} viewer={viewer} /> : null}
        </TabsContent>
        <TabsContent value="returns">
          {view === 'returns' ? <Returns title={title} viewer={viewer} /> : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Returns({ title, viewer }: { title: string; viewer: SalesOrderViewer }) {
  const list = useListState(RETURN_LIST);
  const result = useSalesReturns(list.apiParams);
  const navigate = useNavigate();
  const location = useLocation();
  const back = useMemo(() => ({ to: `${location.pathname}${location.search}`, title }), [location, title]);
  const columns = useMemo(() => salesReturnColumns(back), [back]);
  const openReturn = useCallback(
    (r: SalesReturn) => void navigate(`${SALES_RETURN_PATH}/${r.id}`, { state: { back } }),
    [navigate, back],
  );
  return (
    <DataTable
      id="sales-returns"
      label="Returns"
      noun={RETURN_NOUN}
      columns={columns}
      list={list}
      result={result}
      getRowId={getReturnId}
      rowLabel={returnRowLabel}
      onRowClick={openReturn}
      searchLabel="Search returns"
      searchPlaceholder="Return note, order number or customer"
      filters={
        <>
          {viewer.isGlobal ? <DataTableFactoryFilter list={list} /> : null}
          <DataTableDayFilter list={list} name="from" label="Returned from day" />
          <DataTableDayFilter list={list} name="to" label="Returned to day" />
        </>
      }
      exportPath={SALES_RETURNS_EXPORT_PATH}
      empty={{
        title: 'No returns',
        description:
          'Stoves returned from an order with “Return stoves” on its page appear here with the reason, who returned them and when.',
      }}
    />
  );
}

function getReturnId(r: SalesReturn): string {
  return r.id;
}

function returnRowLabel(r: SalesReturn): string {
  return `${salesReturnNumberLabel(r.number)}: ${stoves(r.stoveCount)} of ${salesOrderNumberLabel(r.order.number)} returned by ${personName(r.returnedBy)}`;
}

function CanceledOrders({ title, viewer }: { title: string; viewer: SalesOrderViewer }) {
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
  );
}

function getOrderId(order: SalesOrder): string {
  return order.id;
}

function orderLabel(order: SalesOrder): string {
  return `${salesOrderNumberLabel(order.number)} of ${dayLabel(order.date)} to ${order.customer.name}, canceled by ${personName(order.canceledBy)}`;
}
