import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { AlertTriangleIcon, ArrowLeftIcon, BanIcon, PrinterIcon } from 'lucide-react';
import { dayLabel } from '@common/calendar-days';
import { salesOrderNumberLabel, type SalesOrderDetail } from '@common/contracts/sales-orders';
import { STOVE_ID_STATUS_LABELS } from '@common/contracts/stove-ids';
import { ReasonDialog } from '@web/components/form/reason-dialog';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { OpenError } from '@web/components/ui/open-error';
import { formatDateTime } from '@web/lib/format';
import { useCancelSalesOrder } from '../api/cancel-sales-order';
import { useSalesOrder } from '../api/get-sales-order';
import { DeliveryNote } from '../components/delivery-note';
import { SalesOrderStatusBadge } from '../components/sales-order-status-badge';
import {
  backOf,
  cancelConsequence,
  lineStoves,
  money,
  personName,
  stoveIds,
  stoves,
  type BackLink,
} from '../components/sales-order.model';

const PAGE = 200;

/**
 * One sales order (/sales/sales-order/:id): its facts, lines and stove IDs (each opening its page
 * for those who may open Stove ID Management); print its delivery note; cancel it when allowed.
 */
export function SalesOrderPage({ back, canOpenStoveIds }: { back: BackLink; canOpenStoveIds: boolean }) {
  const { id = '' } = useParams();
  const order = useSalesOrder(id);
  const backLink = backOf(useLocation().state, back);

  return (
    <div className="flex flex-col gap-6">
      <div data-order-screen>
        <Link to={backLink.to} className={buttonVariants({ variant: 'link', size: 'sm', className: 'w-fit px-0' })}>
          <ArrowLeftIcon aria-hidden="true" />
          Back to {backLink.title}
        </Link>
      </div>
      {order.isPending ? (
        <OrderSkeleton />
      ) : order.isError ? (
        <OpenError
          heading="Sales order"
          title="This sales order could not be opened"
          error={order.error}
          onRetry={() => void order.refetch()}
        />
      ) : (
        <OrderDetail
          key={`${order.data.id}:${order.data.status}`}
          order={order.data}
          canOpenStoveIds={canOpenStoveIds}
        />
      )}
    </div>
  );
}

function OrderSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-6" aria-busy="true">
      <span className="sr-only">Loading the sales order...</span>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

function OrderDetail({ order, canOpenStoveIds }: { order: SalesOrderDetail; canOpenStoveIds: boolean }) {
  const number = salesOrderNumberLabel(order.number);
  const searchId = useId();
  const [canceling, setCanceling] = useState(false);
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(PAGE);
  const cancel = useCancelSalesOrder();
  const canceled = order.status === 'canceled';

  const matching = useMemo(() => {
    const needle = search.trim().toUpperCase();
    return needle ? order.items.filter((i) => i.code.includes(needle)) : order.items;
  }, [order.items, search]);
  const visible = matching.slice(0, shown);

  const submitCancel = async (reason: string) => {
    await cancel.mutateAsync({ id: order.id, reason });
    toast.success(`${number} canceled`, {
      description: `${stoveIds(order.stoveCount)} are validated again at ${order.factory.name}.`,
    });
  };

  return (
    <>
      <div data-order-screen className="flex flex-col gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start sm:justify-between">
          <div className="flex flex-wrap items-center gap-3">
            <PageHeader title={`Sales order ${number}`} />
            <SalesOrderStatusBadge status={order.status} />
          </div>
          <section aria-label="Actions" className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => window.print()}>
              <PrinterIcon aria-hidden="true" />
              Print delivery note
            </Button>
            {order.can.cancel ? (
              <Button variant="outline" onClick={() => setCanceling(true)}>
                <BanIcon aria-hidden="true" />
                Cancel order
              </Button>
            ) : null}
          </section>
        </div>

        {canceled ? (
          <section
            aria-label="Canceled"
            className="flex gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm"
          >
            <AlertTriangleIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
            <div className="flex flex-col gap-1">
              <p className="font-semibold">Canceled</p>
              <p>
                {order.canceledAt ? (
                  <>
                    On <time dateTime={order.canceledAt}>{formatDateTime(order.canceledAt)}</time> by{' '}
                    {personName(order.canceledBy)}.{' '}
                  </>
                ) : null}
                Its stove IDs went back to validated.
              </p>
              <p>
                <span className="font-medium">Reason:</span> {order.cancelReason ?? '—'}
              </p>
            </div>
          </section>
        ) : null}

        <Card>
          <CardHeader>
            <CardTitle as="h2">Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
              <Detail term="Date of sale">
                <time dateTime={order.date}>{dayLabel(order.date)}</time>
              </Detail>
              <Detail term="Factory">
                {order.factory.name} ({order.factory.code})
              </Detail>
              <Detail term="Customer">{order.customer.name}</Detail>
              <Detail term="Sales category">
                {order.category.name} ({order.category.code})
              </Detail>
              <Detail term="Buyer">
                {order.buyer.name}
                {order.buyer.phone ? <span className="block text-muted-foreground">{order.buyer.phone}</span> : null}
                {order.buyer.location ? (
                  <span className="block text-muted-foreground">{order.buyer.location}</span>
                ) : null}
              </Detail>
              <Detail term="Total">
                <span className="font-semibold tabular-nums">{money(order.total, order.currency)}</span>
              </Detail>
              <Detail term="Seller">{personName(order.seller)}</Detail>
              <Detail term="Created">
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
              </Detail>
              {order.note ? <Detail term="Note">{order.note}</Detail> : null}
            </dl>
          </CardContent>
        </Card>

        <section aria-labelledby={`${searchId}-lines`} className="flex flex-col gap-3">
          <h2 id={`${searchId}-lines`} className="text-lg font-semibold">
            Packages
          </h2>
          <Table containerLabel={`Packages of ${number}`} aria-label={`Packages of ${number}`}>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Package</TableHead>
                <TableHead scope="col" className="text-right">
                  Quantity
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Stoves
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Unit price
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Line total
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {order.lines.map((line) => (
                <TableRow key={line.position}>
                  <TableCell>
                    {line.package.name} <span className="text-muted-foreground">({line.package.code})</span>
                    <span className="block text-xs text-muted-foreground">
                      {stoves(line.stovesPerPackage)} each · price from {dayLabel(line.priceEffectiveFrom)}
                    </span>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{line.quantity.toLocaleString('en-US')}</TableCell>
                  <TableCell className="text-right tabular-nums">{lineStoves(line).toLocaleString('en-US')}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {money(line.unitPrice, order.currency)}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {money(line.lineTotal, order.currency)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <tfoot className="border-t font-medium">
              <TableRow>
                <TableHead scope="row">Total</TableHead>
                <TableCell className="text-right tabular-nums">{order.packageCount.toLocaleString('en-US')}</TableCell>
                <TableCell className="text-right tabular-nums">{order.stoveCount.toLocaleString('en-US')}</TableCell>
                <TableCell />
                <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
                  {money(order.total, order.currency)}
                </TableCell>
              </TableRow>
            </tfoot>
          </Table>
        </section>

        <section aria-labelledby={`${searchId}-title`} className="flex flex-col gap-3">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 id={`${searchId}-title`} className="text-lg font-semibold">
              Stove IDs ({order.items.length.toLocaleString('en-US')})
            </h2>
            <Input
              id={searchId}
              type="search"
              aria-label="Find a stove ID"
              placeholder="Find a stove ID"
              className="w-full sm:w-56"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setShown(PAGE);
              }}
            />
          </div>
          <Table containerLabel={`Stove IDs of ${number}`} aria-label={`Stove IDs of ${number}`}>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Stove ID</TableHead>
                <TableHead scope="col">Status now</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {visible.map((item) => (
                <TableRow key={item.code}>
                  <TableCell className="font-mono">
                    {canOpenStoveIds ? (
                      <Link
                        to={`/stove-id/management/${encodeURIComponent(item.code)}`}
                        className="text-primary underline underline-offset-4"
                      >
                        {item.code}
                      </Link>
                    ) : (
                      item.code
                    )}
                  </TableCell>
                  <TableCell>{STOVE_ID_STATUS_LABELS[item.status]}</TableCell>
                </TableRow>
              ))}
              {visible.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={2} className="text-muted-foreground">
                    No stove ID of this order contains “{search}”.
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
          {matching.length > visible.length ? (
            <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
              Showing {visible.length.toLocaleString('en-US')} of {matching.length.toLocaleString('en-US')}.
              <Button variant="outline" size="sm" onClick={() => setShown((n) => n + PAGE)}>
                Show {Math.min(PAGE, matching.length - visible.length)} more
              </Button>
            </div>
          ) : null}
        </section>

        <ReasonDialog
          open={canceling}
          onOpenChange={setCanceling}
          title={`Cancel ${number}?`}
          description={cancelConsequence(order)}
          onConfirm={submitCancel}
          requiredMessage="A reason is required: say why the sale is canceled."
          failureTitle="The order was not canceled"
          labels={{ cancel: 'Keep the order', confirm: 'Cancel order', busy: 'Canceling...' }}
        />
      </div>
      <DeliveryNote order={order} />
    </>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
