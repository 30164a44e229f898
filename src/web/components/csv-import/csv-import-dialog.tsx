import { useId, useState, type ReactNode } from 'react';
import { AlertTriangleIcon, CheckCircle2Icon, LoaderCircleIcon } from 'lucide-react';
import type { CsvImportResult } from '@common/contracts/list';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/api-client';
import {
  errorFieldLabel,
  importButtonLabel,
  importSummaryText,
  invalidRowCount,
  previewColumns,
  previewSummaryText,
} from './csv-import.model';

const MAX_ERRORS_SHOWN = 100;
const MAX_PREVIEW_ROWS = 10;

interface CsvImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** e.g. "Import partners". */
  title: string;
  /** What the file must hold, e.g. the expected columns. */
  description?: ReactNode;
  /** Checks the CSV without changing anything (dryRun: true). */
  preview: (csv: string) => Promise<CsvImportResult>;
  /** Imports the valid rows (dryRun: false). */
  run: (csv: string) => Promise<CsvImportResult>;
  onImported?: (result: CsvImportResult) => void;
  /** Nothing is imported while any row has an error (the rows in error are not skipped). */
  allOrNothing?: boolean;
  /** Fields the import needs beside the file (e.g. a partner), shown above it. */
  fields?: ReactNode;
  /** The pasted text, when the caller keeps it (e.g. in a draft); otherwise the dialog does. */
  pasted?: { text: string; onChange: (text: string) => void };
}

type Step =
  | { kind: 'choose' }
  | { kind: 'checked'; csv: string; result: CsvImportResult }
  | { kind: 'done'; result: CsvImportResult };

/**
 * Upload or paste a CSV → preview (totals, row errors, first rows) → import the valid rows → summary.
 * Closing before the import changes nothing.
 */
export function CsvImportDialog({
  open,
  onOpenChange,
  title,
  description,
  preview,
  run,
  onImported,
  allOrNothing = false,
  fields,
  pasted,
}: CsvImportDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {description ?? 'Choose a CSV file or paste its text. The first line holds the column names.'}
          </DialogDescription>
        </DialogHeader>
        <CsvImportFlow
          preview={preview}
          run={run}
          onImported={onImported}
          allOrNothing={allOrNothing}
          fields={fields}
          pastedText={pasted}
          onClose={() => onOpenChange(false)}
          busy={busy}
          setBusy={setBusy}
        />
      </DialogContent>
    </Dialog>
  );
}

function CsvImportFlow({
  preview,
  run,
  onImported,
  allOrNothing,
  fields,
  pastedText,
  onClose,
  busy,
  setBusy,
}: Pick<CsvImportDialogProps, 'preview' | 'run' | 'onImported' | 'fields'> & {
  pastedText: CsvImportDialogProps['pasted'];
  allOrNothing: boolean;
  onClose: () => void;
  busy: boolean;
  setBusy: (busy: boolean) => void;
}) {
  const fileId = useId();
  const textId = useId();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [ownPasted, setOwnPasted] = useState('');
  const pasted = pastedText?.text ?? ownPasted;
  const setPasted = pastedText?.onChange ?? setOwnPasted;
  const [error, setError] = useState<string | null>(null);

  const csv = file?.text ?? pasted;

  const check = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await preview(csv);
      setStep({ kind: 'checked', csv, result });
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  const importRows = async (text: string) => {
    setBusy(true);
    setError(null);
    try {
      const result = await run(text);
      setStep({ kind: 'done', result });
      onImported?.(result);
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  const errorAlert = error ? (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
    >
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <p>{error}</p>
    </div>
  ) : null;

  if (step.kind === 'done') {
    return (
      <>
        <div role="status" className="flex items-center gap-2 rounded-md border bg-muted/50 p-4 text-sm font-medium">
          <CheckCircle2Icon className="size-5 shrink-0 text-[oklch(0.5_0.13_150)]" aria-hidden="true" />
          <p data-testid="csv-import-summary">{importSummaryText(step.result)}</p>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>Close</Button>
        </DialogFooter>
      </>
    );
  }

  if (step.kind === 'checked') {
    const { result } = step;
    const columns = previewColumns(result);
    return (
      <>
        <p role="status" className="text-sm font-medium" data-testid="csv-import-preview-summary">
          {previewSummaryText(result)}
        </p>
        {result.errors.length > 0 ? (
          <section aria-labelledby={`${textId}-errors`} className="flex flex-col gap-2">
            <h3 id={`${textId}-errors`} className="text-sm font-semibold">
              {allOrNothing
                ? `Rows with errors (${invalidRowCount(result)}) — nothing is imported until they are fixed`
                : `Rows with errors (${invalidRowCount(result)}) — they will be skipped`}
            </h3>
            <div className="max-h-56 overflow-y-auto">
              <Table aria-label="Rows with errors">
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">Line</TableHead>
                    <TableHead scope="col">Field</TableHead>
                    <TableHead scope="col">Message</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {result.errors.slice(0, MAX_ERRORS_SHOWN).map((rowError, index) => (
                    <TableRow key={`${rowError.line}-${rowError.field ?? ''}-${index}`}>
                      <TableCell>{rowError.line}</TableCell>
                      <TableCell>{errorFieldLabel(result, rowError.field)}</TableCell>
                      <TableCell className="whitespace-normal">{rowError.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {result.errors.length > MAX_ERRORS_SHOWN ? (
              <p className="text-sm text-muted-foreground">
                And {result.errors.length - MAX_ERRORS_SHOWN} more errors.
              </p>
            ) : null}
          </section>
        ) : null}
        {columns.length > 0 ? (
          <section aria-labelledby={`${textId}-preview`} className="flex flex-col gap-2">
            <h3 id={`${textId}-preview`} className="text-sm font-semibold">
              First rows as they will be saved
            </h3>
            <Table aria-label="Preview of the rows to import" containerLabel="Preview of the rows to import">
              <TableHeader>
                <TableRow>
                  {columns.map((column) => (
                    <TableHead key={column.field} scope="col">
                      {column.header}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {result.preview.slice(0, MAX_PREVIEW_ROWS).map((row, index) => (
                  <TableRow key={index}>
                    {columns.map((column) => (
                      <TableCell key={column.field}>{row[column.field] ?? ''}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </section>
        ) : null}
        {errorAlert}
        {busy ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            Importing {result.validRows.toLocaleString('en-US')} rows...
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="outline" onClick={() => setStep({ kind: 'choose' })} disabled={busy}>
            Choose another file
          </Button>
          <Button
            onClick={() => void importRows(step.csv)}
            disabled={busy || result.validRows === 0 || (allOrNothing && result.errors.length > 0)}
            aria-busy={busy || undefined}
          >
            {busy ? 'Importing...' : importButtonLabel(result)}
          </Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <>
      {fields}
      <div className="flex flex-col gap-2">
        <Label htmlFor={fileId}>CSV file</Label>
        <Input
          id={fileId}
          type="file"
          accept=".csv,text/csv,text/plain"
          disabled={busy}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (!chosen) {
              setFile(null);
              return;
            }
            chosen.text().then(
              (text) => setFile({ name: chosen.name, text }),
              () => setError(`Could not read ${chosen.name}.`),
            );
          }}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={textId}>Or paste the CSV text</Label>
        <Textarea
          id={textId}
          rows={6}
          className="font-mono text-xs"
          value={pasted}
          disabled={busy || file !== null}
          onChange={(event) => setPasted(event.target.value)}
          aria-describedby={file ? `${textId}-file-note` : undefined}
        />
        {file ? (
          <p id={`${textId}-file-note`} className="text-sm text-muted-foreground">
            Using the file {file.name}.
          </p>
        ) : null}
      </div>
      {errorAlert}
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void check()} disabled={busy || csv.trim() === ''} aria-busy={busy || undefined}>
          {busy ? 'Checking...' : 'Check rows'}
        </Button>
      </DialogFooter>
    </>
  );
}
