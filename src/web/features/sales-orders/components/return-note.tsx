import { dayLabel } from '@common/calendar-days';
import { salesOrderNumberLabel, salesReturnNumberLabel, type SalesReturnDetail } from '@common/contracts/sales-orders';
import { formatDateTime } from '@web/lib/format';
import { money, personName, stoves } from './sales-order.model';
import { NoteHeader, NoteParties, NoteSignatures } from './delivery-note';

/**
 * The printed return note (credit note) of a return (window.print on its page), laid out as the
 * delivery note: factory, number, date, order, customer and buyer, every stove ID returned with
 * its package and credit, the reason, the total credit, and signature lines. Hidden on screen.
 */
export function ReturnNote({ note }: { note: SalesReturnDetail }) {
  const number = salesReturnNumberLabel(note.number);
  return (
    <article className="delivery-note" data-delivery-note aria-label={`Credit note ${number}`}>
      <NoteHeader factory={note.factory} title={`Credit note ${number}`}>
        <p className="text-sm">Return note of sales order {salesOrderNumberLabel(note.order.number)}</p>
        <p className="text-sm">Date of return: {dayLabel(note.date)}</p>
        <p className="text-sm">Date of sale: {dayLabel(note.order.date)}</p>
      </NoteHeader>
      <NoteParties note={note} />

      <h2>Reason</h2>
      <p>{note.reason}</p>

      <h2>Stoves returned ({note.items.length.toLocaleString('en-US')})</h2>
      <table>
        <thead>
          <tr>
            <th>Stove ID</th>
            <th>Package</th>
            <th className="num">Credit</th>
          </tr>
        </thead>
        <tbody>
          {note.items.map((item) => (
            <tr key={item.code}>
              <td>{item.code}</td>
              <td>
                {item.package.name} ({item.package.code})
              </td>
              <td className="num">{money(item.credit, note.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th>Total credit</th>
            <th className="num">{stoves(note.stoveCount)}</th>
            <th className="num">{money(note.credit, note.currency)}</th>
          </tr>
        </tfoot>
      </table>

      <p className="mt-4 text-xs">
        Returned by {personName(note.returnedBy)} · recorded {formatDateTime(note.returnedAt)}
      </p>

      <NoteSignatures by="Returned by" to="Received back by" />
    </article>
  );
}
