import { Link, useLocation, useParams } from 'react-router';
import { PrinterIcon } from 'lucide-react';
import { dayLabel } from '@common/calendar-days';
import { salesOrderNumberLabel, salesReturnNumberLabel, type SalesReturnDetail } from '@common/contracts/sales-orders';
import {
  DocumentDetail,
  DocumentDetails,
  DocumentEvent,
  DocumentHeader,
  DocumentPage,
  DocumentView,
} from '@web/components/document/document-page';
import { DocumentStoveIds, codeColumn } from '@web/components/document/document-stove-ids';
import { FilesPanel } from '@web/components/files/files-panel';
import type { BackLink } from '@web/components/document/document.model';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSalesReturn } from '../api/get-sales-return';
import { ReturnNote } from '../components/return-note';
import { backOf, money, personName, SALES_ORDER_PATH } from '../components/sales-order.model';

/** One return note (/sales/returns/:id): its facts and stove IDs with their credit; print the credit note. */
export function SalesReturnPage({ back, canOpenStoveIds }: { back: BackLink; canOpenStoveIds: boolean }) {
  const { id = '' } = useParams();
  const note = useSalesReturn(id);
  return (
    <DocumentPage
      back={backOf(useLocation().state, back)}
      query={note}
      heading="Return note"
      errorTitle="This return note could not be opened"
      loading={
        <div role="status" className="flex flex-col gap-6" aria-busy="true">
          <span className="sr-only">Loading the return note...</span>
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-40 w-full" />
        </div>
      }
    >
      {(data) => <ReturnDetail note={data} canOpenStoveIds={canOpenStoveIds} />}
    </DocumentPage>
  );
}

function ReturnDetail({ note, canOpenStoveIds }: { note: SalesReturnDetail; canOpenStoveIds: boolean }) {
  const number = salesReturnNumberLabel(note.number);
  return (
    <DocumentView print={<ReturnNote note={note} />}>
      <DocumentHeader
        title={`Return note ${number}`}
        status={<Badge variant="outline">Credit note</Badge>}
        actions={
          <Button variant="outline" onClick={() => window.print()}>
            <PrinterIcon aria-hidden="true" />
            Print credit note
          </Button>
        }
      />
      <DocumentDetails>
        <DocumentDetail term="Sales order">
          <Link to={`${SALES_ORDER_PATH}/${note.order.id}`} className="text-primary underline underline-offset-4">
            {salesOrderNumberLabel(note.order.number)}
          </Link>{' '}
          of {dayLabel(note.order.date)}
        </DocumentDetail>
        <DocumentDetail term="Date of return">
          <time dateTime={note.date}>{dayLabel(note.date)}</time>
        </DocumentDetail>
        <DocumentDetail term="Factory">
          {note.factory.name} ({note.factory.code})
        </DocumentDetail>
        <DocumentDetail term="Customer">{note.customer.name}</DocumentDetail>
        <DocumentDetail term="Reason">{note.reason}</DocumentDetail>
        <DocumentDetail term="Stoves returned">{note.stoveCount.toLocaleString('en-US')}</DocumentDetail>
        <DocumentDetail term="Credit">
          <span className="font-semibold tabular-nums">{money(note.credit, note.currency)}</span>
        </DocumentDetail>
        <DocumentDetail term="Returned">
          <DocumentEvent at={note.returnedAt} by={personName(note.returnedBy)} />
        </DocumentDetail>
      </DocumentDetails>
      <FilesPanel kind="sales-return" recordId={note.id} />

      <DocumentStoveIds
        number={number}
        noun="return note"
        title={`Stove IDs returned (${note.items.length.toLocaleString('en-US')})`}
        items={note.items}
        columns={[
          codeColumn(canOpenStoveIds),
          { header: 'Package', cell: (item) => `${item.package.name} (${item.package.code})` },
          {
            header: 'Credit',
            headClassName: 'text-right',
            cellClassName: 'text-right tabular-nums',
            cell: (item) => money(item.credit, note.currency),
          },
        ]}
      />
    </DocumentView>
  );
}
