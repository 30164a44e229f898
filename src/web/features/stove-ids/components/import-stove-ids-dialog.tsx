import { useId, useState } from 'react';
import { CheckCircle2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { counted } from '@common/counted';
import type { CodeProblem, ImportPreview } from '@common/contracts/stove-ids';
import { CodeEntry } from '@web/components/code-entry/code-entry';
import { DiscardChangesDialog, UnsavedChangesGuard } from '@web/components/form/unsaved-changes-guard';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/api-client';
import { useImportStoveIds } from '../api/import-stove-ids';
import { usePreviewStoveIdImport } from '../api/preview-stove-id-import';
import { CodeProblemsList } from './code-problems-list';
import { problemsOf } from '@web/components/code-entry/code-problems.model';
import { FactorySelect } from './factory-select';
import type { StoveIdsActor } from './stove-ids-actor';
import { batchLabel, idCount } from './stove-id-format';

/** What was checked: the preview holds only for these codes at this factory. */
interface Checked {
  codes: string[];
  factoryId: string;
  preview: ImportPreview;
}

/**
 * Import IDs: a factory and a list of codes (scanned, pasted, a range or a CSV/text file) → Preview
 * (counts and every problem: malformed, repeated, already exists) → Import, allowed only when the
 * preview has no problem. All or nothing.
 */
export function ImportStoveIdsDialog({ actor, onClose }: { actor: StoveIdsActor; onClose: () => void }) {
  const noteId = useId();
  const [factoryId, setFactoryId] = useState(actor.isGlobal ? '' : (actor.factory?.id ?? ''));
  const [codes, setCodes] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [refused, setRefused] = useState<CodeProblem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const preview = usePreviewStoveIdImport();
  const runImport = useImportStoveIds();

  const busy = preview.isPending || runImport.isPending;
  const dirty = codes.length > 0 || note.trim() !== '';
  const current = checked !== null && checked.codes === codes && checked.factoryId === factoryId ? checked : null;
  const canImport = current !== null && current.preview.problems.length === 0 && current.preview.valid > 0;

  const requestClose = () => {
    if (busy) return;
    if (dirty) setConfirmDiscard(true);
    else onClose();
  };

  const check = async () => {
    setError(null);
    setRefused(null);
    try {
      const result = await preview.mutateAsync({ factoryId, codes, note: note || null });
      setChecked({ codes, factoryId, preview: result });
    } catch (cause) {
      setChecked(null);
      setError(errorMessage(cause));
    }
  };

  const save = async () => {
    setError(null);
    try {
      const batch = await runImport.mutateAsync({ factoryId, codes, note: note || null });
      toast.success(`Batch ${batchLabel(batch.number)}: ${idCount(batch.count)} imported`);
      onClose();
    } catch (cause) {
      const problems = problemsOf(cause);
      setChecked(null);
      if (problems) setRefused(problems);
      else setError(errorMessage(cause));
    }
  };

  return (
    <>
      <Dialog open onOpenChange={(open) => (open ? undefined : requestClose())}>
        <DialogContent className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>Import IDs</DialogTitle>
            <DialogDescription>
              Add existing labels to the registry: any codes of 4-32 characters (A-Z, 0-9, -). Preview first; the import
              is all or nothing.
            </DialogDescription>
          </DialogHeader>
          <FactorySelect actor={actor} value={factoryId} onChange={setFactoryId} disabled={busy} />
          <CodeEntry label="Stove IDs to import" codes={codes} onChange={setCodes} disabled={busy} />
          <div className="flex flex-col gap-2">
            <Label htmlFor={noteId}>Note</Label>
            <Textarea
              id={noteId}
              rows={2}
              maxLength={1000}
              value={note}
              disabled={busy}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>

          {current ? (
            <div className="flex flex-col gap-3">
              <p
                role="status"
                className="flex items-center gap-2 text-sm font-medium"
                data-testid="import-preview-summary"
              >
                {current.preview.problems.length === 0 ? (
                  <CheckCircle2Icon className="size-4 shrink-0 text-[oklch(0.5_0.13_150)]" aria-hidden="true" />
                ) : null}
                {previewText(current.preview)}
              </p>
              {current.preview.problems.length > 0 ? (
                <>
                  <CodeProblemsList title="Fix these codes before importing" problems={current.preview.problems} />
                  <Button
                    variant="outline"
                    size="sm"
                    className="self-start"
                    onClick={() => setCodes(withoutCodes(codes, current.preview.problems))}
                  >
                    Remove the codes with problems from the list
                  </Button>
                </>
              ) : null}
            </div>
          ) : checked ? (
            <p className="text-sm text-muted-foreground">The list or the factory changed: preview again.</p>
          ) : null}
          {refused ? <CodeProblemsList title="Nothing was imported" problems={refused} /> : null}
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}

          <DialogFooter>
            <Button variant="outline" onClick={requestClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant={canImport ? 'outline' : 'default'}
              onClick={() => void check()}
              disabled={busy || codes.length === 0 || factoryId === ''}
              aria-busy={preview.isPending || undefined}
            >
              {preview.isPending ? 'Checking...' : 'Preview'}
            </Button>
            <Button
              onClick={() => void save()}
              disabled={busy || !canImport}
              aria-busy={runImport.isPending || undefined}
            >
              {runImport.isPending ? 'Importing...' : canImport ? `Import ${idCount(current.preview.valid)}` : 'Import'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <DiscardChangesDialog open={confirmDiscard} onStay={() => setConfirmDiscard(false)} onDiscard={onClose} />
      <UnsavedChangesGuard when={dirty && !busy} />
    </>
  );
}

function previewText(preview: ImportPreview): string {
  const checkedText = `${counted(preview.total, 'code')} checked`;
  if (preview.problems.length === 0)
    return `${checkedText}: all ${preview.valid.toLocaleString('en-US')} can be imported.`;
  return `${checkedText}: ${preview.valid.toLocaleString('en-US')} valid, ${preview.problems.length.toLocaleString('en-US')} with problems. Nothing can be imported until every problem is fixed.`;
}

/** The list without the codes a preview found problems with. */
function withoutCodes(codes: readonly string[], problems: readonly CodeProblem[]): string[] {
  const bad = new Set(problems.map((p) => p.code));
  return codes.filter((code) => !bad.has(code));
}
