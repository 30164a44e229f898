import { useState } from 'react';
import { HistoryIcon } from 'lucide-react';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { formatDateTime } from '@web/lib/format';
import { viewerDay, viewerTime } from '@web/lib/time-zone';
import type { DraftControl } from '@web/lib/use-draft';

/** "at 10:42" today, "on 5 Mar 2025, 10:42" before (on the viewer's clock). */
export function savedWhen(savedAt: number, now: number = Date.now()): string {
  const saved = new Date(savedAt);
  return viewerDay(saved) === viewerDay(new Date(now))
    ? `at ${viewerTime(saved)}`
    : `on ${formatDateTime(saved.toISOString())}`;
}

/**
 * "Restored your draft: 14 stove IDs scanned at 10:42" with Discard (asked first), shown while the
 * screen holds a draft put back from an earlier visit. `describe` says what the draft holds.
 */
export function DraftNotice<T>({ draft, describe }: { draft: DraftControl<T>; describe: (value: T) => string }) {
  const [confirming, setConfirming] = useState(false);
  const { restored } = draft;
  if (!restored) return null;
  return (
    <div
      role="status"
      data-testid="draft-notice"
      className="flex flex-col items-start gap-3 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm sm:flex-row sm:items-center"
    >
      <HistoryIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <p className="flex-1">
        Restored your draft: {describe(restored.value)} {savedWhen(restored.savedAt)}.
      </p>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
        Discard
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Discard your draft?"
        description="What you entered earlier is removed from this screen. This cannot be undone."
        confirmLabel="Discard"
        onConfirm={draft.discard}
      />
    </div>
  );
}
