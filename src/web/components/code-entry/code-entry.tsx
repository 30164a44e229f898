import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { Textarea } from '@web/components/ui/textarea';
import { focusAsItAppears } from '@web/lib/focus';
import { cn } from '@web/lib/utils';
import { CameraScanButton } from './camera-scan-button';
import {
  addCodes,
  addNotice,
  countText,
  decodeText,
  fileColumns,
  isWarning,
  moreText,
  pastedCodes,
  rangeCodes,
  notTextProblem,
  removeCode,
  scannedCodes,
  visibleCodes,
  type AddResult,
  type FileColumn,
} from './code-entry.model';

export interface CodeEntryProps {
  /** The codes in the list (normalized, no duplicates), oldest first. */
  codes: string[];
  onChange: (codes: string[]) => void;
  /** Rendered next to each code, e.g. its eligibility or verdict. */
  statusOf?: (code: string) => ReactNode;
  /** After each addition: what was added and what was ignored (e.g. to keep the repeats a list held). */
  onAdd?: (result: AddResult) => void;
  /** The name of the control, e.g. "Stove IDs to send". */
  label: string;
  /** The caller keeps repeats (onAdd) to report them: the notice says so instead of "ignored". */
  repeatsKept?: boolean;
  /**
   * The scan field takes the focus as the entry opens (a screen for scanning), so the first scan
   * lands in it; the page does not scroll to it. Each scan (Enter) keeps the focus there.
   */
  focusScan?: boolean;
  disabled?: boolean;
  className?: string;
}

interface Notice {
  text: string;
  warning: boolean;
  /** How many codes the list held after what the notice tells of: a list changed since (sent, reset) drops it. */
  listLength: number;
}

/**
 * Collects stove ID codes: a scan field (a scanner types a code then Enter; each Enter adds one and
 * the focus stays for the next scan), a paste box, a range and a CSV/text file. Duplicates are
 * ignored with a notice. The list renders at most 200 codes (newest first), so thousands stay fast.
 */
export function CodeEntry({
  codes,
  onChange,
  statusOf,
  onAdd,
  label,
  repeatsKept = false,
  focusScan = false,
  disabled = false,
  className,
}: CodeEntryProps) {
  const id = useId();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [scan, setScan] = useState('');
  const [paste, setPaste] = useState('');
  const [rangeFrom, setRangeFrom] = useState('');
  const [rangeTo, setRangeTo] = useState('');
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // A file of several columns waits for the clerk to say which holds the codes.
  const [fileTable, setFileTable] = useState<{ name: string; columns: FileColumn[]; chosen: number } | null>(null);
  const [search, setSearch] = useState('');
  const [confirmClear, setConfirmClear] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const scanInput = useRef<HTMLInputElement>(null);

  // As the entry opens only: the Scan tab opened again later is the clerk's own move.
  useEffect(() => {
    if (focusScan) focusAsItAppears(scanInput.current, { preventScroll: true });
  }, [focusScan]);

  const known = useMemo(() => new Set(codes), [codes]);
  // A notice of a list that changed since (a report submitted, a form reset) no longer applies.
  const shownNotice = notice && notice.listLength === codes.length ? notice : null;
  const visible = useMemo(() => visibleCodes(codes, search), [codes, search]);

  const apply = (incoming: string[]): AddResult => {
    const result = addCodes(codes, incoming, { known });
    if (result.added.length > 0) onChange(result.codes);
    onAdd?.(result);
    const text = addNotice(result, { repeatsKept });
    setNotice(text ? { text, warning: isWarning(result), listLength: result.codes.length } : null);
    return result;
  };

  const submitScan = () => {
    const incoming = scannedCodes(scan);
    setScan('');
    if (incoming.length > 0) apply(incoming);
  };

  const submitPaste = () => {
    const incoming = pastedCodes(paste);
    if (incoming.length === 0) {
      setNotice({ text: 'Paste at least one stove ID first.', warning: true, listLength: codes.length });
      return;
    }
    apply(incoming);
    setPaste('');
  };

  const submitRange = () => {
    const result = rangeCodes(rangeFrom, rangeTo);
    if ('error' in result) {
      setRangeError(result.error);
      return;
    }
    setRangeError(null);
    apply(result.codes);
    setRangeFrom('');
    setRangeTo('');
  };

  const readFile = async (file: File) => {
    setFileError(null);
    setFileTable(null);
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const problem = notTextProblem(file.name, bytes);
      if (problem) {
        setFileError(problem);
        return;
      }
      const { columns, best } = fileColumns(decodeText(bytes));
      if (columns.length > 1) setFileTable({ name: file.name, columns, chosen: best });
      else addFileCodes(file.name, columns[0]?.codes ?? []);
    } catch {
      setFileError(`${file.name} could not be read.`);
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const addFileCodes = (name: string, incoming: string[]) => {
    if (incoming.length === 0) setFileError(`${name} holds no stove IDs.`);
    else {
      apply(incoming);
      setFileTable(null);
    }
  };

  const remove = (code: string) => {
    onChange(removeCode(codes, code));
    setNotice({ text: `Removed ${code}.`, warning: false, listLength: codes.length - 1 });
  };

  return (
    <fieldset className={cn('min-w-0 space-y-3', className)} disabled={disabled} aria-describedby={`${id}-count`}>
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <Tabs defaultValue="scan" className="gap-3">
        <TabsList aria-label={`Ways to add: ${label}`}>
          <TabsTrigger value="scan">Scan</TabsTrigger>
          <TabsTrigger value="paste">Paste</TabsTrigger>
          <TabsTrigger value="range">Range</TabsTrigger>
          <TabsTrigger value="file">File</TabsTrigger>
        </TabsList>

        <TabsContent value="scan" className="space-y-1.5">
          <Label htmlFor={`${id}-scan`}>Scan or type a stove ID</Label>
          <Input
            id={`${id}-scan`}
            ref={scanInput}
            value={scan}
            onChange={(event) => setScan(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                submitScan();
              }
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="e.g. STV00012347"
            aria-describedby={`${id}-scan-help`}
            className="max-w-sm font-mono"
          />
          <p id={`${id}-scan-help`} className="text-xs text-muted-foreground">
            Press Enter after each code; a scanner does this for you.
          </p>
          <CameraScanButton onCodes={apply} inList={(code) => known.has(code)} disabled={disabled} />
        </TabsContent>

        <TabsContent value="paste" className="space-y-1.5">
          <Label htmlFor={`${id}-paste`}>Paste stove IDs</Label>
          <Textarea
            id={`${id}-paste`}
            value={paste}
            onChange={(event) => setPaste(event.target.value)}
            rows={5}
            spellCheck={false}
            aria-describedby={`${id}-paste-help`}
            className="font-mono"
          />
          <p id={`${id}-paste-help`} className="text-xs text-muted-foreground">
            One per line, or separated by commas, semicolons or spaces.
          </p>
          <Button variant="secondary" size="sm" onClick={submitPaste}>
            Add
          </Button>
        </TabsContent>

        <TabsContent value="range" className="space-y-1.5">
          <div className="flex flex-wrap items-end gap-2">
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-from`}>From code</Label>
              <Input
                id={`${id}-from`}
                value={rangeFrom}
                onChange={(event) => setRangeFrom(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={rangeError ? true : undefined}
                aria-describedby={rangeError ? `${id}-range-error` : undefined}
                className="w-44 font-mono"
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-to`}>To code</Label>
              <Input
                id={`${id}-to`}
                value={rangeTo}
                onChange={(event) => setRangeTo(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    submitRange();
                  }
                }}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={rangeError ? true : undefined}
                aria-describedby={rangeError ? `${id}-range-error` : undefined}
                className="w-44 font-mono"
              />
            </div>
            <Button variant="secondary" size="sm" className="h-9" onClick={submitRange}>
              Add range
            </Button>
          </div>
          {rangeError ? (
            <p id={`${id}-range-error`} className="text-sm text-destructive">
              {rangeError}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">
              Both ends are included; every code between them gets its check digit.
            </p>
          )}
        </TabsContent>

        <TabsContent value="file" className="space-y-1.5">
          <Label htmlFor={`${id}-file`}>Upload a CSV or text file</Label>
          <Input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            aria-describedby={fileError ? `${id}-file-error` : `${id}-file-help`}
            aria-invalid={fileError ? true : undefined}
            className="max-w-sm"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void readFile(file);
            }}
          />
          {fileTable ? (
            <div
              className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-end"
              role="group"
              aria-label={`Columns of ${fileTable.name}`}
            >
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-file-column`}>Column with the stove IDs</Label>
                <NativeSelect
                  id={`${id}-file-column`}
                  wrapperClassName="sm:w-64"
                  value={fileTable.chosen}
                  onChange={(event) => setFileTable({ ...fileTable, chosen: Number(event.target.value) })}
                >
                  {fileTable.columns.map((column, i) => (
                    <option key={i} value={i}>
                      {column.label} ({column.codes[0] ?? 'empty'}…)
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button
                type="button"
                onClick={() => addFileCodes(fileTable.name, fileTable.columns[fileTable.chosen]?.codes ?? [])}
              >
                Add {countText(fileTable.columns[fileTable.chosen]?.codes.length ?? 0)}
              </Button>
              <Button type="button" variant="outline" onClick={() => setFileTable(null)}>
                Cancel
              </Button>
            </div>
          ) : null}
          {fileError ? (
            <p id={`${id}-file-error`} className="text-sm text-destructive">
              {fileError}
            </p>
          ) : (
            <p id={`${id}-file-help`} className="text-xs text-muted-foreground">
              One code per line, or a CSV file: you choose the column when it has several; a header line is skipped.
            </p>
          )}
        </TabsContent>
      </Tabs>

      <p
        role="status"
        aria-live="polite"
        className={cn(
          'min-h-5 text-sm',
          shownNotice?.warning ? 'text-amber-700 dark:text-amber-400' : 'text-muted-foreground',
        )}
      >
        {shownNotice?.text ?? ''}
      </p>

      <div className="rounded-md border">
        <div className="flex flex-wrap items-center gap-2 border-b px-3 py-2">
          <p id={`${id}-count`} className="mr-auto text-sm font-medium">
            {countText(codes.length)}
          </p>
          {codes.length > visible.shown.length || search ? (
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              aria-label="Find in the list"
              placeholder="Find in the list"
              className="h-8 w-44"
            />
          ) : null}
          <Button variant="outline" size="sm" disabled={codes.length === 0} onClick={() => setConfirmClear(true)}>
            Clear all
          </Button>
        </div>
        {codes.length === 0 ? (
          <p className="px-3 py-4 text-sm text-muted-foreground">No stove IDs added yet.</p>
        ) : (
          <>
            <ul aria-label={`${label}: newest first`} className="max-h-80 divide-y overflow-y-auto">
              {visible.shown.map((code) => (
                <li key={code} className="flex items-center gap-3 px-3 py-1.5 text-sm">
                  <span className="font-mono">{code}</span>
                  <span className="min-w-0 flex-1 truncate">{statusOf?.(code)}</span>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={`Remove ${code}`}
                    onClick={() => remove(code)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
            {visible.hidden > 0 ? (
              <p className="border-t px-3 py-2 text-sm text-muted-foreground">{moreText(visible.hidden)}</p>
            ) : null}
            {visible.matching === 0 ? (
              <p className="px-3 py-2 text-sm text-muted-foreground">No code in the list contains “{search}”.</p>
            ) : null}
          </>
        )}
      </div>

      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title="Clear the list?"
        description={`Remove all ${countText(codes.length)} from the list.`}
        confirmLabel="Clear all"
        onConfirm={() => {
          onChange([]);
          setSearch('');
          setNotice({ text: 'The list was cleared.', warning: false, listLength: 0 });
        }}
      />
    </fieldset>
  );
}
