import { useId, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon, PrinterIcon, TagsIcon } from 'lucide-react';
import type { LabelSheet as LabelSheetData } from '@common/contracts/stove-ids';
import { Button, buttonVariants } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Label } from '@web/components/ui/label';
import { Loading } from '@web/components/ui/loading';
import { NativeSelect } from '@web/components/ui/native-select';
import { Progress } from '@web/components/ui/progress';
import { errorMessage } from '@web/lib/api-client';
import { useBatchLabels } from '../api/get-batch-labels';
import { useSelectionLabels } from '../api/get-selection-labels';
import { LabelSheet, useQrImages } from '../components/label-sheet';
import {
  LABEL_LAYOUTS,
  LABEL_SIZES,
  labelParts,
  pagesOf,
  parseCodesParam,
  parseLabelSize,
  partIndex,
  sheetSummary,
  type LabelSize,
} from '../components/label-sheet.model';
import { useUrlSearchParams } from '@web/lib/use-url-search-params';

const LIST_PATH = '/stove-id/management';
/** The label size chosen last in this browser. */
const SIZE_STORAGE_KEY = 'stove-id-labels:size';

function rememberedSize(): string | null {
  try {
    return window.localStorage.getItem(SIZE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function rememberSize(size: LabelSize): void {
  try {
    window.localStorage.setItem(SIZE_STORAGE_KEY, size);
  } catch {
    // Storage full or disabled: the choice stays in the address only.
  }
}

/**
 * Label sheet (/stove-id/labels?batch=<id> or ?codes=A,B,…): A4 pages of 3 x 8 labels, or single
 * labels of 50 x 25 or 100 x 50 mm for a label printer (?size=50x25, remembered in this browser),
 * with the code as text and as QR code, a Print button and a print stylesheet. A batch larger than
 * one print run (4,800 labels) is printed part by part (?part=2).
 */
export function LabelSheetPage() {
  const [searchParams] = useUrlSearchParams();
  const batchId = searchParams.get('batch');
  const codesParam = searchParams.get('codes');
  const codes = useMemo(() => (batchId ? null : parseCodesParam(codesParam)), [batchId, codesParam]);
  const batchSheet = useBatchLabels(batchId);
  const selectionSheet = useSelectionLabels(codes);
  const query = batchId ? batchSheet : selectionSheet;

  const back = (
    <Link
      to={LIST_PATH}
      className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3 self-start' })}
      data-print-hidden=""
    >
      <ArrowLeftIcon aria-hidden="true" />
      Stove ID Management
    </Link>
  );

  if (!batchId && (codes === null || codes.length === 0)) {
    return (
      <div className="flex flex-col gap-6">
        {back}
        <h1 className="text-2xl font-semibold tracking-tight">Label sheet</h1>
        <EmptyState
          icon={TagsIcon}
          title="No labels chosen"
          description="Open a batch's labels from Batches, or select IDs in the list and choose Print labels for selected."
        />
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-6">
        {back}
        <Loading className="py-10" label="Loading the labels..." />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col gap-6">
        {back}
        <h1 className="text-2xl font-semibold tracking-tight">Label sheet</h1>
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm">
          Could not load the labels. {errorMessage(query.error)}
        </div>
      </div>
    );
  }
  return <LabelSheetView sheet={query.data} back={back} />;
}

function LabelSheetView({ sheet, back }: { sheet: LabelSheetData; back: ReactNode }) {
  const partId = useId();
  const sizeId = useId();
  const progressId = useId();
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const layout = LABEL_LAYOUTS[parseLabelSize(searchParams.get('size'), rememberedSize())];
  const perPage = layout.perPage;
  const parts = useMemo(() => labelParts(sheet.labels.length), [sheet.labels.length]);
  const part = parts[partIndex(searchParams.get('part'), parts.length)];
  const pages = useMemo(
    () => (part ? pagesOf(sheet.labels.slice(part.start, part.end), perPage) : []),
    [sheet.labels, part, perPage],
  );
  const { images, drawnPages } = useQrImages(pages, perPage);
  const ready = drawnPages >= pages.length;
  const totalPages = Math.ceil(sheet.labels.length / perPage);
  const firstPageNumber = part ? part.start / perPage + 1 : 1;

  const chooseSize = (size: LabelSize) => {
    rememberSize(size);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('size', size);
        return next;
      },
      { replace: true },
    );
  };

  if (sheet.labels.length === 0) {
    return (
      <div className="flex flex-col gap-6">
        {back}
        <h1 className="text-2xl font-semibold tracking-tight">{sheet.title}</h1>
        <EmptyState icon={TagsIcon} title="No labels to print" description="None of these IDs could be found." />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4" data-print-hidden="">
        {back}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-semibold tracking-tight">{sheet.title}</h1>
            <p className="text-sm text-muted-foreground">{sheetSummary(sheet.labels.length, layout)}</p>
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={sizeId} className="text-xs text-muted-foreground">
                Label size
              </Label>
              <NativeSelect
                id={sizeId}
                value={layout.size}
                wrapperClassName="w-56"
                onChange={(event) => chooseSize(parseLabelSize(event.target.value))}
              >
                {LABEL_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {LABEL_LAYOUTS[size].text}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {parts.length > 1 && part ? (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={partId} className="text-xs text-muted-foreground">
                  Print run
                </Label>
                <NativeSelect
                  id={partId}
                  value={String(part.index + 1)}
                  wrapperClassName="w-48"
                  onChange={(event) =>
                    setSearchParams(
                      (current) => {
                        const next = new URLSearchParams(current);
                        next.set('part', event.target.value);
                        return next;
                      },
                      { replace: true },
                    )
                  }
                >
                  {parts.map((p) => (
                    <option key={p.index} value={String(p.index + 1)}>
                      {p.text}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            ) : null}
            <Button onClick={() => window.print()} disabled={!ready}>
              <PrinterIcon aria-hidden="true" />
              Print
            </Button>
          </div>
        </div>
        {ready ? null : (
          <div className="flex flex-col gap-2">
            <p id={progressId} role="status" className="text-sm text-muted-foreground">
              Drawing QR codes: page {Math.min(drawnPages + 1, pages.length).toLocaleString('en-US')} of{' '}
              {pages.length.toLocaleString('en-US')}...
            </p>
            <Progress value={Math.round((drawnPages / Math.max(1, pages.length)) * 100)} aria-labelledby={progressId} />
          </div>
        )}
      </div>
      <LabelSheet
        layout={layout}
        pages={pages}
        images={images}
        firstPageNumber={firstPageNumber}
        totalPages={totalPages}
      />
    </div>
  );
}
