import { AlertTriangleIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';

/** Something could not load: the server's words and a retry. */
export function CkdLoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm sm:flex-row sm:items-center"
    >
      <AlertTriangleIcon className="size-5 shrink-0 text-destructive" aria-hidden="true" />
      <p className="flex-1">
        <span className="font-medium">Could not load {what}.</span> {errorMessage(error)}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
