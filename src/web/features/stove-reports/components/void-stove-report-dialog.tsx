import { useId, useState } from 'react';
import { toast } from 'sonner';
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

interface VoidStoveReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Void SR-000012?" */
  title: string;
  /** What voiding does. */
  description: string;
  /** Voids; the dialog closes when it resolves and stays open with a toast when it throws. */
  onVoid: (reason: string) => Promise<unknown>;
}

/** Asks for the reason (required) and confirms before voiding a stove report. */
export function VoidStoveReportDialog({ open, onOpenChange, title, description, onVoid }: VoidStoveReportDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!reason.trim()) {
      setError('A reason is required: say why the report is wrong.');
      return;
    }
    setBusy(true);
    try {
      await onVoid(reason.trim());
      setReason('');
      onOpenChange(false);
    } catch (cause) {
      toast.error('The report was not voided', { description: errorMessage(cause) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id}>Reason</Label>
            <Textarea
              id={id}
              value={reason}
              maxLength={1000}
              rows={3}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setError(null);
              }}
            />
            {error ? (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
              Keep it
            </Button>
            <Button type="submit" variant="destructive" disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Voiding...' : 'Void report'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
