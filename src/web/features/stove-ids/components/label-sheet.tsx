import { memo, useEffect, useState } from 'react';
import type { LabelSheet as LabelSheetData } from '@common/contracts/stove-ids';
import { QrSvg } from '@web/components/ui/qr-svg';
import { qrOf, type QrShape } from '@web/lib/qr-code';
import { mapInChunks, pagesPerChunk, type LabelLayout } from './label-sheet.model';
import './label-sheet.css';

type Label = LabelSheetData['labels'][number];

interface QrState {
  pages: readonly Label[][];
  /** Per page: its labels' QR codes, once drawn. */
  images: (QrShape[] | undefined)[];
  drawn: number;
}

/**
 * Draws the QR codes of `pages` about 48 labels at a time, yielding to the browser between chunks,
 * so a sheet of thousands of labels shows at once and fills in without freezing the tab.
 */
export function useQrImages(
  pages: readonly Label[][],
  perPage: number,
): { images: (QrShape[] | undefined)[]; drawnPages: number } {
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
      { chunkSize: pagesPerChunk(perPage), signal: controller.signal },
    );
    return () => controller.abort();
  }, [pages, perPage]);

  return { images: current.images, drawnPages: current.drawn };
}

/**
 * The pages of a label sheet: code as text and as QR code, 3 x 8 per A4 page, or one label a page
 * of a label printer (`layout`; label-sheet.css lays out each size).
 */
export function LabelSheet({
  layout,
  pages,
  images,
  firstPageNumber = 1,
  totalPages,
}: {
  layout: LabelLayout;
  pages: readonly Label[][];
  images: readonly (QrShape[] | undefined)[];
  firstPageNumber?: number;
  totalPages: number;
}) {
  return (
    <div className="label-sheet w-full overflow-x-auto pb-2" data-label-sheet="" data-size={layout.size}>
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
            {qr ? <QrSvg className="label-qr" qr={qr} label={`QR code of ${label.code}`} /> : null}
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
