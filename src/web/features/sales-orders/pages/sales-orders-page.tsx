import { useCallback, useMemo } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeftIcon, PlusIcon } from 'lucide-react';
import { dayLabel } from '@common/calendar-days';
import {
  SALES_ORDER_STATUSES,
  SALES_ORDER_STATUS_LABELS,
  salesOrderNumberLabel,
  type ListSalesOrdersQuery,
  type SalesOrder,
} from '@common/contracts/sales-orders';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableDayFilter } from '@web/components/data-table/data-table-day-filter';
import { DataTableFactoryFilter } from '@web/components/data-table/data-table-factory-filter';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { NoFactoryAssigned } from '@web/components/factory-scope/no-factory-assigned';
import { Button, buttonVariants } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Loading } from '@web/components/ui/loading';
import { PageHeader } from '@web/components/ui/page-header';
import { errorMessage } from '@web/lib/api-client';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useSalesOptions } from '@web/lib/sales-options';
import { SALES_ORDERS_EXPORT_PATH, useSalesOrders } from '../api/get-sales-orders';
import { salesOrderColumns } from '../components/sales-order-columns';
import { SalesOrderForm } from '../components/sales-order-form';
import { SALES_ORDER_PATH, personName, type SalesOrderViewer } from '../components/sales-order.model';
import type { DraftOwner } from '@web/lib/use-draft';

const ORDER_FILTERS = {
  factoryId: null,
  status: SALES_ORDER_STATUSES,
  categoryId: null,
  from: null,
  to: null,
} as const;

const ORDER_LIST: ListStateConfig<ListSalesOrdersQuery['sort'], typeof ORDER_FILTERS> = {
  sortable: ['date', 'number', 'total'],
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: ORDER_FILTERS,
};

const STATUS_OPTIONS = SALES_ORDER_STATUSES.map((value) => ({ value, label: SALES_ORDER_STATUS_LABELS[value] }));
const NOUN = { one: 'sales order', other: 'sales orders' };

/**
 * Sales Order (/sales/sales-order): the orders with search, filters in the URL and CSV export;
 * "New order" opens the order form on the same route (?new=1).
 */
export function SalesOrdersPage({ title, viewer }: { title: string; viewer: SalesOrderViewer & DraftOwner }) {
  const [searchParams] = useSearchParams();
  if (searchParams.get('new') === '1') return <NewSalesOrder title={title} viewer={viewer} />;
  return <SalesOrderList title={title} viewer={viewer} />;
}

function SalesOrderList({ title, viewer }: { title: string; viewer: SalesOrderViewer }) {
  const list = useListState(ORDER_LIST);
  const result = useSalesOrders(list.apiParams);
  const options = useSalesOptions();
  const navigate = useNavigate();
  const location = useLocation();
  const back = useMemo(() => ({ to: `${location.pathname}${location.search}`, title }), [location, title]);
  const columns = useMemo(() => salesOrderColumns(back), [back]);

  const categoryOptions = useMemo(
    () => (options.data?.categories ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` })),
    [options.data],
  );
  const openOrder = useCallback(
    (order: SalesOrder) => void navigate(`${SALES_ORDER_PATH}/${order.id}`, { state: { back } }),
    [navigate, back],
  );

  const newOrder = (
    <Link to={`${SALES_ORDER_PATH}?new=1`} className={buttonVariants({ size: 'sm' })}>
      <PlusIcon aria-hidden="true" />
      New order
    </Link>
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader
          title={title}
          description={
            viewer.isGlobal
              ? 'Orders of every factory: who bought which packages, and the stove IDs delivered.'
              : `Orders of ${viewer.factory?.name ?? 'your factory'}: who bought which packages, and the stove IDs delivered.`
          }
        />
        <Link to={`${SALES_ORDER_PATH}?new=1`} className={buttonVariants()}>
          <PlusIcon aria-hidden="true" />
          New order
        </Link>
      </div>
      <DataTable
        id="sales-orders"
        label="Sales orders"
        noun={NOUN}
        columns={columns}
        list={list}
        result={result}
        getRowId={getOrderId}
        rowLabel={orderLabel}
        onRowClick={openOrder}
        searchLabel="Search orders"
        searchPlaceholder="Number, customer, buyer or stove ID"
        filters={
          <>
            {viewer.isGlobal ? <DataTableFactoryFilter list={list} /> : null}
            <DataTableFilterSelect list={list} name="status" label="Status" options={STATUS_OPTIONS} />
            <DataTableFilterSelect list={list} name="categoryId" label="Category" options={categoryOptions} />
            <DataTableDayFilter list={list} name="from" label="From day" />
            <DataTableDayFilter list={list} name="to" label="To day" />
          </>
        }
        exportPath={SALES_ORDERS_EXPORT_PATH}
        empty={{
          title: 'No sales orders yet',
          description: 'Orders saved with New order appear here, with their stove IDs and totals.',
          action: newOrder,
        }}
      />
    </div>
  );
}

function NewSalesOrder({ title, viewer }: { title: string; viewer: SalesOrderViewer & DraftOwner }) {
  const factories = useFactoryOptions();
  const options = useSalesOptions();
  const activeFactories = useMemo(() => (factories.data ?? []).filter((f) => f.active), [factories.data]);

  const header = (
    <>
      <Link to={SALES_ORDER_PATH} className={buttonVariants({ variant: 'link', size: 'sm', className: 'w-fit px-0' })}>
        <ArrowLeftIcon aria-hidden="true" />
        Back to {title}
      </Link>
      <PageHeader
        title="New sales order"
        description="Choose the customer and the packages, then scan or paste the stove IDs delivered. Saving marks them sold."
      />
    </>
  );

  if (!viewer.isGlobal && !viewer.factory)
    return (
      <div className="flex flex-col gap-6">
        {header}
        <NoFactoryAssigned description="Orders are made at your factory, and you have none. Ask an administrator to assign one." />
      </div>
    );
  if (factories.isPending || options.isPending)
    return (
      <div className="flex flex-col gap-6">
        {header}
        <Loading className="py-10" />
      </div>
    );
  const failed = factories.isError ? factories : options.isError ? options : null;
  if (failed)
    return (
      <div className="flex flex-col gap-6">
        {header}
        <EmptyState
          title="The order form could not be loaded"
          description={errorMessage(failed.error)}
          action={
            <Button variant="outline" onClick={() => void failed.refetch()}>
              Try again
            </Button>
          }
        />
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      {header}
      <SalesOrderForm viewer={viewer} factories={activeFactories} categories={options.data?.categories ?? []} />
    </div>
  );
}

function getOrderId(order: SalesOrder): string {
  return order.id;
}

function orderLabel(order: SalesOrder): string {
  return `${salesOrderNumberLabel(order.number)} of ${dayLabel(order.date)} to ${order.customer.name} by ${personName(order.seller)}`;
}
