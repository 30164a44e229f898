import { useId, useMemo, type CSSProperties } from 'react';
import { PrinterIcon } from 'lucide-react';
import { dayLabel } from '@common/calendar-days';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/page-header';
import { QrSvg } from '@web/components/ui/qr-svg';
import { qrOf } from '@web/lib/qr-code';
import { codeColumnCount, type DispatchNoteData } from './dispatch-note.model';
import './dispatch-note.css';

/**
 * A transfer's dispatch note, on screen as it will print, under a Print button: the number as text
 * and as a QR code opening the transfer for receiving, from and to, the day, the goods, every stove
 * ID in columns, lines for the vehicle and the driver (typed here or written by hand; never saved)
 * and the signatures of who dispatches and who receives.
 */
export function DispatchNote({ note }: { note: DispatchNoteData }) {
  const vehicleId = useId();
  const driverId = useId();
  const qr = useMemo(() => qrOf(note.receiveUrl), [note.receiveUrl]);
  const codes = note.codes ?? [];
  // The columns of stove IDs in print (dispatch-note.css).
  const codeStyle = { '--code-columns': codeColumnCount(codes) } as CSSProperties;

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between" data-print-hidden="">
        <PageHeader
          title={`Dispatch note ${note.number}`}
          description="Type the vehicle and the driver on the note if you know them, or leave the lines for the driver to fill in by hand. They are printed, not saved."
        />
        <Button onClick={() => window.print()} className="self-start sm:self-end">
          <PrinterIcon aria-hidden="true" />
          Print
        </Button>
      </div>

      <article className="dispatch-note" data-dispatch-note="" aria-label={`Dispatch note ${note.number}`}>
        <header className="flex items-start justify-between gap-4 border-b-2 border-black pb-3">
          <div className="flex min-w-0 flex-col gap-1">
            <p className="text-base font-semibold">{note.from.name}</p>
            <h2>Dispatch note</h2>
            <p className="font-mono text-base font-semibold" data-testid="dispatch-note-number">
              {note.number}
            </p>
            <p>
              {note.kind} · sent {dayLabel(note.day)}
            </p>
          </div>
          <div className="flex flex-col items-center gap-1">
            <QrSvg
              className="dispatch-note-qr"
              qr={qr}
              label={`QR code opening ${note.number} for receiving`}
              data-url={note.receiveUrl}
            />
            <span className="text-xs">Scan to receive</span>
          </div>
        </header>

        {note.warning ? <p className="mt-3 border-2 border-black p-2 font-semibold">{note.warning}</p> : null}

        <section className="mt-3 grid grid-cols-2 gap-4" aria-label="From and to">
          <div>
            <h3>From</h3>
            <p className="font-medium">{note.from.name}</p>
            <p className="text-xs">Factory {note.from.code}</p>
          </div>
          <div>
            <h3>To</h3>
            <p className="font-medium">{note.to.name}</p>
            <p className="text-xs">Factory {note.to.code}</p>
          </div>
        </section>

        <h3>Goods</h3>
        <table aria-label={`Goods on ${note.number}`}>
          <thead>
            <tr>
              <th scope="col">{note.lines.heading}</th>
              <th scope="col" className="num">
                Quantity
              </th>
            </tr>
          </thead>
          <tbody>
            {note.lines.rows.map((row) => (
              <tr key={row.what}>
                <td>{row.what}</td>
                <td className="num">{row.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>

        {codes.length > 0 ? (
          <>
            <h3>Stove IDs ({codes.length.toLocaleString('en-US')})</h3>
            <ul className="dispatch-note-codes" style={codeStyle} aria-label={`Stove IDs on ${note.number}`}>
              {codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </>
        ) : null}

        {note.note ? (
          <>
            <h3>Note</h3>
            <p className="whitespace-pre-wrap">{note.note}</p>
          </>
        ) : null}

        <section className="mt-4 grid gap-x-8 gap-y-3 sm:grid-cols-2 print:grid-cols-2" aria-label="Transport">
          <div className="flex flex-col">
            <label htmlFor={vehicleId} className="text-xs font-medium">
              Vehicle registration
            </label>
            <input id={vehicleId} className="dispatch-note-fill" autoComplete="off" />
          </div>
          <div className="flex flex-col">
            <label htmlFor={driverId} className="text-xs font-medium">
              Driver name / phone
            </label>
            <input id={driverId} className="dispatch-note-fill" autoComplete="off" />
          </div>
        </section>

        <div className="dispatch-note-signatures">
          {['Dispatched by', 'Received by'].map((who) => (
            <section key={who} aria-label={who}>
              <h3>{who}</h3>
              {['Name', 'Signature', 'Date'].map((line) => (
                <div key={line} className="dispatch-note-line">
                  <span>{line}</span>
                </div>
              ))}
            </section>
          ))}
        </div>

        <p className="mt-4 text-xs">Recorded by {note.sentBy}</p>
      </article>
    </>
  );
}
