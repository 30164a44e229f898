import { dayLabel } from '@common/calendar-days';
import { salesOrderNumberLabel, type SalesOrderDetail } from '@common/contracts/sales-orders';
import { formatDateTime } from '@web/lib/format';
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
      <header className="flex items-start justify-between gap-6 border-b-2 border-black pb-3">
        <div>
          <p className="text-base font-semibold">{order.factory.name}</p>
          <p className="text-xs">Factory {order.factory.code}</p>
        </div>
        <div className="text-right">
          <h1>Delivery note</h1>
          <p className="text-sm font-semibold">{number}</p>
          <p className="text-sm">Date of sale: {dayLabel(order.date)}</p>
        </div>
      </header>
      {order.status === 'canceled' ? (
        <p className="mt-3 border-2 border-black p-2 font-semibold">
          CANCELED{order.canceledAt ? ` on ${formatDateTime(order.canceledAt)}` : ''}: {order.cancelReason}
        </p>
      ) : null}

      <section className="mt-4 grid grid-cols-2 gap-6">
        <div>
          <h2>Customer</h2>
          <p className="font-medium">{order.customer.name}</p>
          <p>Sales category: {order.category.name}</p>
        </div>
        <div>
          <h2>Buyer</h2>
          <p className="font-medium">{order.buyer.name}</p>
          {order.buyer.phone ? <p>{order.buyer.phone}</p> : null}
          {order.buyer.location ? <p>{order.buyer.location}</p> : null}
        </div>
      </section>

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

      <div className="delivery-note-signatures">
        <div>
          <div className="delivery-note-signature" />
          <p className="mt-1 text-xs">Delivered by (name, signature, date)</p>
        </div>
        <div>
          <div className="delivery-note-signature" />
          <p className="mt-1 text-xs">Received by (name, signature, date)</p>
        </div>
      </div>
    </article>
  );
}
