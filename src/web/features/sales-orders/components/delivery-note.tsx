import { dayLabel } from '@common/calendar-days';
import { salesOrderNumberLabel, type SalesOrderDetail } from '@common/contracts/sales-orders';
import { formatDateTime } from '@web/lib/format';
import type { ReactNode } from 'react';
import { lineStoves, money, personName } from './sales-order.model';
import './delivery-note.css';

/**
 * The printed delivery note of an order (window.print on its page): factory, number, date,
 * customer and buyer, the lines, every stove ID delivered in columns, and signature lines. Hidden
 * on screen; in print it replaces the app.
 */
export function DeliveryNote({ order }: { order: SalesOrderDetail }) {
  const number = salesOrderNumberLabel(order.number);
  return (
    <article className="delivery-note" data-delivery-note aria-label={`Delivery note ${number}`}>
      <NoteHeader factory={order.factory} title="Delivery note">
        <p className="text-sm font-semibold">{number}</p>
        <p className="text-sm">Date of sale: {dayLabel(order.date)}</p>
      </NoteHeader>
      {order.status === 'canceled' ? (
        <p className="mt-3 border-2 border-black p-2 font-semibold">
          CANCELED{order.canceledAt ? ` on ${formatDateTime(order.canceledAt)}` : ''}: {order.cancelReason}
        </p>
      ) : null}

      <NoteParties note={order} />

      <h2>Goods delivered</h2>
      <table>
        <thead>
          <tr>
            <th>Package</th>
            <th className="num">Quantity</th>
            <th className="num">Stoves</th>
            <th className="num">Unit price</th>
            <th className="num">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.position}>
              <td>
                {line.package.name} ({line.package.code})
              </td>
              <td className="num">{line.quantity.toLocaleString('en-US')}</td>
              <td className="num">{lineStoves(line).toLocaleString('en-US')}</td>
              <td className="num">{money(line.unitPrice, order.currency)}</td>
              <td className="num">{money(line.lineTotal, order.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th>Total</th>
            <th className="num">{order.packageCount.toLocaleString('en-US')}</th>
            <th className="num">{order.stoveCount.toLocaleString('en-US')}</th>
            <th />
            <th className="num">{money(order.total, order.currency)}</th>
          </tr>
        </tfoot>
      </table>

      <h2>Stove IDs delivered ({order.items.length.toLocaleString('en-US')})</h2>
      <ol className="delivery-note-codes" aria-label="Stove IDs delivered">
        {order.items.map((item) => (
          <li key={item.code}>{item.code}</li>
        ))}
      </ol>

      {order.note ? (
        <>
          <h2>Note</h2>
          <p>{order.note}</p>
        </>
      ) : null}

      <p className="mt-4 text-xs">
        Sold by {personName(order.seller)} · recorded {formatDateTime(order.createdAt)}
      </p>

      <NoteSignatures by="Delivered by" to="Received by" />
    </article>
  );
}

/** A printed note's head: the factory on the left; the title and `children` (number, dates) on the right. */
export function NoteHeader({
  factory,
  title,
  children,
}: {
  factory: { name: string; code: string };
  title: string;
  children: ReactNode;
}) {
  return (
    <header className="flex items-start justify-between gap-6 border-b-2 border-black pb-3">
      <div>
        <p className="text-base font-semibold">{factory.name}</p>
        <p className="text-xs">Factory {factory.code}</p>
      </div>
      <div className="text-right">
        <h1>{title}</h1>
        {children}
      </div>
    </header>
  );
}

/** The customer (with the sales category) and the buyer of an order, side by side. */
export function NoteParties({
  note,
}: {
  note: { customer: { name: string }; category: { name: string }; buyer: SalesOrderDetail['buyer'] };
}) {
  return (
    <section className="mt-4 grid grid-cols-2 gap-6">
      <div>
        <h2>Customer</h2>
        <p className="font-medium">{note.customer.name}</p>
        <p>Sales category: {note.category.name}</p>
      </div>
      <div>
        <h2>Buyer</h2>
        <p className="font-medium">{note.buyer.name}</p>
        {note.buyer.phone ? <p>{note.buyer.phone}</p> : null}
        {note.buyer.location ? <p>{note.buyer.location}</p> : null}
      </div>
    </section>
  );
}

/** Two signature lines: who hands over (`by`) and who takes (`to`), each with name, signature and date. */
export function NoteSignatures({ by, to }: { by: string; to: string }) {
  return (
    <div className="delivery-note-signatures">
      {[by, to].map((who) => (
        <div key={who}>
          <div className="delivery-note-signature" />
          <p className="mt-1 text-xs">{who} (name, signature, date)</p>
        </div>
      ))}
    </div>
  );
}
