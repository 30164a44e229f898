import { Link } from 'react-router';
import { ArrowRightIcon } from 'lucide-react';
import { dayLabel } from '@common/calendar-days';
import { formatMoney } from '@common/contracts/sales';
import {
  SALES_ORDER_STATUS_LABELS,
  salesOrderNumberLabel,
  type SalesOrder,
  type SalesOrderStatus,
} from '@common/contracts/sales-orders';
import { Badge } from '@web/components/ui/badge';
import { buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { cn } from '@web/lib/utils';
import { SALES_ORDER_PATH } from './sales-overview.model';

const TITLE = 'Latest orders';

const STATUS_TONE: Record<SalesOrderStatus, string> = {
  completed: 'border-transparent bg-[oklch(0.95_0.05_150)] text-[oklch(0.38_0.1_150)]',
  canceled: 'border-transparent bg-[oklch(0.95_0.04_25)] text-[oklch(0.45_0.15_25)]',
};

/**
 * The latest orders (canceled ones included), each opening its order page; Back there returns here.
 * `showFactory`: false for a factory-scoped user (every order is at their factory). `canOpenOrders`:
 * the user may open Sales Order (the numbers link to the orders' pages).
 */
export function SalesOverviewOrders({
  orders,
  back,
  showFactory,
  canOpenOrders,
}: {
  orders: readonly SalesOrder[];
  back: { to: string; title: string };
  showFactory: boolean;
  canOpenOrders: boolean;
}) {
  return (
    <Card className="gap-4 py-4">
      <CardHeader className="flex flex-col gap-2 px-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-base">{TITLE}</CardTitle>
          <CardDescription>The {orders.length} most recent orders, canceled ones included.</CardDescription>
        </div>
        {canOpenOrders ? (
          <Link
            to={SALES_ORDER_PATH}
            className={buttonVariants({ variant: 'outline', size: 'sm', className: 'self-start' })}
          >
            All orders
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        ) : null}
      </CardHeader>
      <CardContent className="px-4">
        <Table aria-label={TITLE} containerLabel={TITLE}>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Order</TableHead>
              <TableHead scope="col">Date</TableHead>
              <TableHead scope="col">Customer</TableHead>
              {showFactory ? <TableHead scope="col">Factory</TableHead> : null}
              <TableHead scope="col" className="text-right">
                Stoves
              </TableHead>
              <TableHead scope="col" className="text-right">
                Total
              </TableHead>
              <TableHead scope="col">Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {orders.map((o) => (
              <TableRow key={o.id}>
                <TableHead scope="row" className="font-medium">
                  {canOpenOrders ? (
                    <Link
                      to={`${SALES_ORDER_PATH}/${o.id}`}
                      state={{ back }}
                      className="whitespace-nowrap text-primary underline underline-offset-4"
                    >
                      {salesOrderNumberLabel(o.number)}
                    </Link>
                  ) : (
                    <span className="whitespace-nowrap">{salesOrderNumberLabel(o.number)}</span>
                  )}
                </TableHead>
                <TableCell className="whitespace-nowrap">
                  <time dateTime={o.date}>{dayLabel(o.date)}</time>
                </TableCell>
                <TableCell className="max-w-56 truncate" title={o.customer.name}>
                  {o.customer.name}
                </TableCell>
                {showFactory ? (
                  <TableCell className="whitespace-nowrap">
                    <abbr title={o.factory.name} className="no-underline">
                      {o.factory.code}
                    </abbr>
                  </TableCell>
                ) : null}
                <TableCell className="text-right tabular-nums">{o.stoveCount.toLocaleString('en-US')}</TableCell>
                <TableCell
                  className={cn(
                    'text-right whitespace-nowrap tabular-nums',
                    o.status === 'canceled' && 'text-muted-foreground line-through',
                  )}
                >
                  {formatMoney(o.total, o.currency)}
                </TableCell>
                <TableCell>
                  <Badge variant="outline" className={STATUS_TONE[o.status]}>
                    {SALES_ORDER_STATUS_LABELS[o.status]}
                  </Badge>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
