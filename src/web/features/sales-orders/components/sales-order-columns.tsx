import { dayLabel } from '@common/calendar-days';
import { Link } from 'react-router';
import {
  salesOrderNumberLabel,
  salesReturnNumberLabel,
  type SalesOrder,
  type SalesReturn,
} from '@common/contracts/sales-orders';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { formatDateTime } from '@web/lib/format';
import { SalesOrderStatusBadge } from './sales-order-status-badge';
import type { BackLink } from '@web/components/document/document.model';
import { money, personName, SALES_ORDER_PATH } from './sales-order.model';
import { SALES_RETURN_PATH } from './sales-return.model';

const number = (back: BackLink): DataTableColumn<SalesOrder> => ({
  id: 'number',
  header: 'Order',
  sortKey: 'number',
  hideable: false,
  cell: (o) => (
    <Link
      to={`${SALES_ORDER_PATH}/${o.id}`}
      state={{ back }}
      className="font-medium whitespace-nowrap text-primary underline underline-offset-4"
    >
      {salesOrderNumberLabel(o.number)}
    </Link>
  ),
});

const date = (header: string): DataTableColumn<SalesOrder> => ({
  id: 'date',
  header,
  sortKey: 'date',
  className: 'whitespace-nowrap',
  cell: (o) => <time dateTime={o.date}>{dayLabel(o.date)}</time>,
});

const factory: DataTableColumn<SalesOrder> = { id: 'factory', header: 'Factory', cell: (o) => o.factory.name };
const customer: DataTableColumn<SalesOrder> = {
  id: 'customer',
  header: 'Customer',
  className: 'max-w-56 truncate',
  cell: (o) => o.customer.name,
};
const stoveCount: DataTableColumn<SalesOrder> = {
  id: 'stoveCount',
  header: 'Stoves',
  className: 'text-right tabular-nums',
  cell: (o) => o.stoveCount.toLocaleString('en-US'),
};
const total: DataTableColumn<SalesOrder> = {
  id: 'total',
  header: 'Total',
  sortKey: 'total',
  className: 'text-right whitespace-nowrap tabular-nums',
  cell: (o) => money(o.total, o.currency),
};

/** The columns of the Sales Order list; the number opens the order (Back returns to `back`). */
export function salesOrderColumns(back: BackLink): readonly DataTableColumn<SalesOrder>[] {
  return [
    number(back),
    date('Date'),
    factory,
    customer,
    { id: 'category', header: 'Category', cell: (o) => o.category.name },
    {
      id: 'packageCount',
      header: 'Packages',
      className: 'text-right tabular-nums',
      cell: (o) => o.packageCount.toLocaleString('en-US'),
    },
    stoveCount,
    total,
    { id: 'seller', header: 'Seller', cell: (o) => personName(o.seller) },
    { id: 'status', header: 'Status', cell: (o) => <SalesOrderStatusBadge status={o.status} /> },
  ];
}

/** The columns of Canceled Sales: when, by whom and why, beside the order. */
export function canceledSaleColumns(back: BackLink): readonly DataTableColumn<SalesOrder>[] {
  return [
    number(back),
    date('Date of sale'),
    {
      id: 'canceledAt',
      header: 'Canceled',
      sortKey: 'canceledAt',
      className: 'whitespace-nowrap',
      cell: (o) => (o.canceledAt ? <time dateTime={o.canceledAt}>{formatDateTime(o.canceledAt)}</time> : '—'),
    },
    { id: 'canceledBy', header: 'Canceled by', cell: (o) => personName(o.canceledBy) },
    {
      id: 'cancelReason',
      header: 'Reason',
      className: 'max-w-64 truncate',
      cell: (o) => <span title={o.cancelReason ?? undefined}>{o.cancelReason ?? '—'}</span>,
    },
    customer,
    factory,
    stoveCount,
    total,
  ];
}

const linkClass = 'font-medium whitespace-nowrap text-primary underline underline-offset-4';

/** The columns of the returns on Canceled Sales: the note, when, by whom and why, its order and credit. */
export function salesReturnColumns(back: BackLink): readonly DataTableColumn<SalesReturn>[] {
  return [
    {
      id: 'number',
      header: 'Return note',
      sortKey: 'number',
      hideable: false,
      cell: (r) => (
        <Link to={`${SALES_RETURN_PATH}/${r.id}`} state={{ back }} className={linkClass}>
          {salesReturnNumberLabel(r.number)}
        </Link>
      ),
    },
    {
      id: 'returnedAt',
      header: 'Returned',
      sortKey: 'returnedAt',
      className: 'whitespace-nowrap',
      cell: (r) => <time dateTime={r.returnedAt}>{formatDateTime(r.returnedAt)}</time>,
    },
    { id: 'returnedBy', header: 'Returned by', cell: (r) => personName(r.returnedBy) },
    {
      id: 'reason',
      header: 'Reason',
      className: 'max-w-64 truncate',
      cell: (r) => <span title={r.reason}>{r.reason}</span>,
    },
    {
      id: 'order',
      header: 'Order',
      cell: (r) => (
        <Link to={`${SALES_ORDER_PATH}/${r.order.id}`} state={{ back }} className={linkClass}>
          {salesOrderNumberLabel(r.order.number)}
        </Link>
      ),
    },
    { id: 'customer', header: 'Customer', className: 'max-w-56 truncate', cell: (r) => r.customer.name },
    { id: 'factory', header: 'Factory', cell: (r) => r.factory.name },
    {
      id: 'stoveCount',
      header: 'Stoves',
      className: 'text-right tabular-nums',
      cell: (r) => r.stoveCount.toLocaleString('en-US'),
    },
    {
      id: 'credit',
      header: 'Credit',
      sortKey: 'credit',
      className: 'text-right whitespace-nowrap tabular-nums',
      cell: (r) => money(r.credit, r.currency),
    },
  ];
}
