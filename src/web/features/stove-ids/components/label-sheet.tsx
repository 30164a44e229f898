import { memo, useEffect, useState } from 'react';
import { create as createQr } from 'qrcode';
import type { LabelSheet as LabelSheetData } from '@common/contracts/stove-ids';
import { PAGES_PER_CHUNK, mapInChunks, qrShape, type QrShape } from './label-sheet.model';
import './label-sheet.css';

type Label = LabelSheetData['labels'][number];

/** Characters of the QR alphanumeric mode: every stove code (A-Z, 0-9, -) is one such segment. */
const QR_ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]*$/;

/** A code's QR code (error correction M, quiet zone of two modules). */
function qrOf(code: string): QrShape {
  // One alphanumeric segment skips the library's search for the best mix of modes (most of its time).
  const data = QR_ALPHANUMERIC.test(code) ? [{ data: code, mode: 'alphanumeric' as const }] : code;
  const { modules } = createQr(data, { errorCorrectionLevel: 'M' });
  return qrShape(modules.size, (row, col) => Boolean(modules.get(row, col)));
}

interface QrState {
  pages: readonly Label[][];
  /** Per page: its labels' QR codes, once drawn. */
  images: (QrShape[] | undefined)[];
  drawn: number;
}

/**
 * Draws the QR codes of `pages` two pages at a time, yielding to the browser between chunks, so
 * a sheet of thousands of labels shows at once and fills in without freezing the tab.
 */
export function useQrImages(pages: readonly Label[][]): { images: (QrShape[] | undefined)[]; drawnPages: number } {
  const [state, setState] = useState<QrState>({ pages, images: [], drawn: 0 });
  const current = state.pages === pages ? state : { pages, images: [], drawn: 0 };

  useEffect(() => {
    const controller = new AbortController();
    void mapInChunks(
      pages,
      (page) => page.map((label) => qrOf(label.code)),
      (start, results) =>
        setState((prev) => {
          const base = prev.pages === pages ? prev : { pages, images: [], drawn: 0 };
          const images = [...base.images];
          for (const [i, shapes] of results.entries()) images[start + i] = shapes;
          return { pages, images, drawn: base.drawn + results.length };
        }),
      { chunkSize: PAGES_PER_CHUNK, signal: controller.signal },
    );
    return () => controller.abort();
  }, [pages]);

  return { images: current.images, drawnPages: current.drawn };
}

/** The pages of a label sheet: code as text and as QR code, 3 x 8 per A4 page. */
export function LabelSheet({
  pages,
  images,
  firstPageNumber = 1,
  totalPages,
}: {
  pages: readonly Label[][];
  images: readonly (QrShape[] | undefined)[];
  firstPageNumber?: number;
  totalPages: number;
}) {
  return (
    <div className="label-sheet w-full overflow-x-auto pb-2" data-label-sheet="">
      {pages.map((page, index) => (
        <LabelPage
          key={index}
          labels={page}
          images={images[index]}
          pageNumber={firstPageNumber + index}
          totalPages={totalPages}
        />
      ))}
    </div>
  );
}

const LabelPage = memo(function LabelPage({
  labels,
  images,
  pageNumber,
  totalPages,
}: {
  labels: readonly Label[];
  images: QrShape[] | undefined;
  pageNumber: number;
  totalPages: number;
}) {
  const name = `Page ${pageNumber} of ${totalPages}`;
  // Not drawn yet: an empty page of the same size (thousands of labels render a few pages at a time).
  if (!images) return <section className="label-page" aria-label={name} aria-busy="true" />;
  return (
    <section className="label-page" aria-label={name}>
      {labels.map((label, index) => {
        const qr = images[index];
        return (
          <div key={label.code} className="label" data-testid="stove-label">
            {qr ? (
              <svg
                className="label-qr"
                viewBox={`0 0 ${qr.side} ${qr.side}`}
                role="img"
                aria-label={`QR code of ${label.code}`}
                shapeRendering="crispEdges"
              >
                <rect width={qr.side} height={qr.side} fill="#fff" />
                <path d={qr.path} fill="#000" />
              </svg>
            ) : null}
            <div className="label-text">
              <span className="label-code">{label.code}</span>
              <span className="label-factory">{label.factoryCode}</span>
            </div>
          </div>
        );
      })}
    </section>
  );
});
