import { useId, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { AlertTriangleIcon, BanIcon, PrinterIcon, Undo2Icon } from 'lucide-react';
import { dayLabel } from '@common/calendar-days';
import { salesOrderNumberLabel, salesReturnNumberLabel, type SalesOrderDetail } from '@common/contracts/sales-orders';
import {
  DocumentDetail,
  DocumentDetails,
  DocumentEvent,
  DocumentActions,
  DocumentHeader,
  DocumentPage,
  DocumentView,
} from '@web/components/document/document-page';
import { DocumentStoveIds, codeColumn, statusNowColumn } from '@web/components/document/document-stove-ids';
import { FilesPanel } from '@web/components/files/files-panel';
import type { BackLink } from '@web/components/document/document.model';
import { ReasonDialog } from '@web/components/form/reason-dialog';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatDateTime } from '@web/lib/format';
import { useCancelSalesOrder } from '../api/cancel-sales-order';
import { useSalesOrder } from '../api/get-sales-order';
import { DeliveryNote } from '../components/delivery-note';
import { ReturnStovesDialog } from '../components/return-stoves-dialog';
import { returnedBy, returnedProgress, SALES_RETURN_PATH } from '../components/sales-return.model';
import { SalesOrderStatusBadge } from '../components/sales-order-status-badge';
import {
  backOf,
  cancelConsequence,
  idsLeft,
  lineStoves,
  money,
  personName,
  stoveIds,
  stoves,
} from '../components/sales-order.model';

/**
 * One sales order (/sales/sales-order/:id): its facts, lines and stove IDs (each opening its page
 * for those who may open Stove ID Management); print its delivery note; cancel it or return some
 * of its stoves when allowed; its return notes.
 */
export function SalesOrderPage({ back, canOpenStoveIds }: { back: BackLink; canOpenStoveIds: boolean }) {
  const { id = '' } = useParams();
  const order = useSalesOrder(id);
  return (
    <DocumentPage
      back={backOf(useLocation().state, back)}
      query={order}
      heading="Sales order"
      errorTitle="This sales order could not be opened"
      loading={<OrderSkeleton />}
    >
      {(data) => <OrderDetail key={`${data.id}:${data.status}`} order={data} canOpenStoveIds={canOpenStoveIds} />}
    </DocumentPage>
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
  const linesId = useId();
  const [canceling, setCanceling] = useState(false);
  const [returning, setReturning] = useState(false);
  const returnsId = useId();
  const returnOf = returnedBy(order.returns);
  const back = { to: `/sales/sales-order/${order.id}`, title: `Sales order ${number}` };
  const cancel = useCancelSalesOrder();
  const canceled = order.status === 'canceled';

  const submitCancel = async (reason: string) => {
    await cancel.mutateAsync({ id: order.id, reason });
    toast.success(`${number} canceled`, {
      description: `${stoveIds(idsLeft(order))} are validated again at ${order.factory.name}.`,
    });
  };

  const actions = (
    <>
      <Button variant="outline" onClick={() => window.print()}>
        <PrinterIcon aria-hidden="true" />
        {canceled ? 'Print canceled delivery note' : 'Print delivery note'}
      </Button>
      {order.can.return ? (
        <Button variant="outline" onClick={() => setReturning(true)}>
          <Undo2Icon aria-hidden="true" />
          Return stoves
        </Button>
      ) : null}
      {order.can.cancel ? (
        <Button variant="outline" onClick={() => setCanceling(true)}>
          <BanIcon aria-hidden="true" />
          Cancel order
        </Button>
      ) : null}
    </>
  );

  return (
    <DocumentView print={<DeliveryNote order={order} />}>
      <DocumentHeader
        title={`Sales order ${number}`}
        status={<SalesOrderStatusBadge status={order.status} />}
        actions={actions}
        phoneActions="below"
      />

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
                  On <DocumentEvent at={order.canceledAt} by={personName(order.canceledBy)} />.{' '}
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

      <DocumentDetails>
        <DocumentDetail term="Date of sale">
          <time dateTime={order.date}>{dayLabel(order.date)}</time>
        </DocumentDetail>
        <DocumentDetail term="Factory">
          {order.factory.name} ({order.factory.code})
        </DocumentDetail>
        <DocumentDetail term="Customer">{order.customer.name}</DocumentDetail>
        <DocumentDetail term="Sales category">
          {order.category.name} ({order.category.code})
        </DocumentDetail>
        <DocumentDetail term="Buyer">
          {order.buyer.name}
          {order.buyer.phone ? <span className="block text-muted-foreground">{order.buyer.phone}</span> : null}
          {order.buyer.location ? <span className="block text-muted-foreground">{order.buyer.location}</span> : null}
        </DocumentDetail>
        <DocumentDetail term="Total">
          <span className="font-semibold tabular-nums">{money(order.total, order.currency)}</span>
        </DocumentDetail>
        <DocumentDetail term="Seller">{personName(order.seller)}</DocumentDetail>
        <DocumentDetail term="Created">
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </DocumentDetail>
        {order.note ? <DocumentDetail term="Note">{order.note}</DocumentDetail> : null}
      </DocumentDetails>

      <section aria-labelledby={linesId} className="flex flex-col gap-3">
        <h2 id={linesId} className="text-lg font-semibold">
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

      {order.returns.length > 0 ? (
        <section aria-labelledby={returnsId} className="flex flex-col gap-3">
          <h2 id={returnsId} className="text-lg font-semibold">
            Returns
          </h2>
          <p className="text-sm text-muted-foreground">{returnedProgress(order.returns, order.stoveCount)}</p>
          <Table containerLabel={`Returns of ${number}`} aria-label={`Returns of ${number}`}>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Return note</TableHead>
                <TableHead scope="col">Returned</TableHead>
                <TableHead scope="col">Reason</TableHead>
                <TableHead scope="col" className="text-right">
                  Stoves
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Credit
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {order.returns.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>
                    <Link
                      to={`${SALES_RETURN_PATH}/${r.id}`}
                      state={{ back }}
                      className="font-medium whitespace-nowrap text-primary underline underline-offset-4"
                    >
                      {salesReturnNumberLabel(r.number)}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <DocumentEvent at={r.returnedAt} by={personName(r.returnedBy)} />
                  </TableCell>
                  <TableCell className="max-w-64">{r.reason}</TableCell>
                  <TableCell className="text-right tabular-nums">{r.stoveCount.toLocaleString('en-US')}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {money(r.credit, r.currency)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      ) : null}

      <FilesPanel kind="sales-order" recordId={order.id} />

      <DocumentStoveIds
        number={number}
        noun="order"
        title={`Stove IDs (${order.items.length.toLocaleString('en-US')})`}
        items={order.items}
        columns={
          returnOf.size > 0
            ? [
                codeColumn(canOpenStoveIds),
                statusNowColumn,
                {
                  header: 'Returned',
                  cell: (item) => {
                    const n = returnOf.get(item.code);
                    return n === undefined ? '—' : `Returned (${salesReturnNumberLabel(n)})`;
                  },
                },
              ]
            : [codeColumn(canOpenStoveIds), statusNowColumn]
        }
      />

      {/* On a phone the actions stay in reach at the bottom of the screen. */}
      <DocumentActions phoneOnly>{actions}</DocumentActions>

      {order.can.return ? <ReturnStovesDialog order={order} open={returning} onOpenChange={setReturning} /> : null}

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
    </DocumentView>
  );
}
