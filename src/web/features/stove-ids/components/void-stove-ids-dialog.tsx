import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { CodeProblem } from '@common/contracts/stove-ids';
import { CodeEntry } from '@web/components/code-entry/code-entry';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
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
import { useVoidStoveIds } from '../api/void-stove-ids';
import { CodeProblemsList } from './code-problems-list';
import { problemsOf } from '@web/components/code-entry/code-problems.model';
import { idCount } from './stove-id-format';

/**
 * Void IDs (damaged or lost labels): the codes (the selection, or scanned, pasted, a range or a
 * file), a required reason, then a confirmation. All or nothing: sold and in-transit IDs are refused
 * and listed with the reason.
 */
export function VoidStoveIdsDialog({
  initialCodes = [],
  onVoided,
  onClose,
}: {
  initialCodes?: string[];
  onVoided?: () => void;
  onClose: () => void;
}) {
  const reasonId = useId();
  const [initial] = useState(initialCodes);
  const [codes, setCodes] = useState<string[]>(initial);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problems, setProblems] = useState<CodeProblem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const { mutateAsync: voidIds, isPending } = useVoidStoveIds();

  const dirty = reason.trim() !== '' || codes !== initial;

  const requestClose = () => {
    if (isPending) return;
    if (dirty) setConfirmDiscard(true);
    else onClose();
  };

  const askToConfirm = () => {
    if (reason.trim() === '') {
      setReasonError('A reason is required');
      document.getElementById(reasonId)?.focus();
      return;
    }
    setReasonError(null);
    setConfirming(true);
  };

  const run = async () => {
    setProblems(null);
    setError(null);
    try {
      const result = await voidIds({ codes, reason: reason.trim() });
      toast.success(`${idCount(result.voided)} voided`);
      onVoided?.();
      onClose();
    } catch (cause) {
      const refused = problemsOf(cause);
      if (refused) setProblems(refused);
      else setError(errorMessage(cause));
    }
  };

  return (
    <>
      <Dialog open onOpenChange={(open) => (open ? undefined : requestClose())}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Void IDs</DialogTitle>
            <DialogDescription>
              For damaged or lost labels. A void ID can no longer be used; sold IDs and IDs in transit cannot be voided.
            </DialogDescription>
          </DialogHeader>
          <CodeEntry label="Stove IDs to void" codes={codes} onChange={setCodes} disabled={isPending} />
          <div className="flex flex-col gap-2">
            <Label htmlFor={reasonId}>Reason</Label>
            <Textarea
              id={reasonId}
              rows={2}
              maxLength={1000}
              value={reason}
              disabled={isPending}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${reasonId}-error` : undefined}
              placeholder="e.g. Label torn during assembly"
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setReasonError(null);
              }}
            />
            {reasonError ? (
              <p id={`${reasonId}-error`} className="text-sm text-destructive">
                {reasonError}
              </p>
            ) : null}
          </div>
          {problems ? <CodeProblemsList title="Nothing was voided" problems={problems} /> : null}
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={requestClose} disabled={isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={askToConfirm} disabled={isPending || codes.length === 0}>
              {codes.length > 0 ? `Void ${idCount(codes.length)}` : 'Void'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Void ${idCount(codes.length)}?`}
        description={
          <>
            {codes.length === 1 ? `${codes[0]} ` : 'These IDs '}will be marked void with the reason “{reason.trim()}”.
            This cannot be undone.
          </>
        }
        confirmLabel="Void"
        busyLabel="Voiding..."
        onConfirm={run}
      />
      <DiscardChangesDialog open={confirmDiscard} onStay={() => setConfirmDiscard(false)} onDiscard={onClose} />
      <UnsavedChangesGuard when={dirty && !isPending} />
    </>
  );
}
