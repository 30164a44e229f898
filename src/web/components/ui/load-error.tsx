import type { ReactNode } from 'react';
import { AlertTriangleIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';

/**
 * Something on the page could not load: "Could not load <what>." with the server's words, and
 * Retry (plus any other way out the caller gives, e.g. a list's First page).
 */
export function LoadError({
  what,
  error,
  onRetry,
  actions,
}: {
  /** What could not load, as it reads after "Could not load": "the dashboard", "factories". */
  what: string;
  error: unknown;
  onRetry: () => void;
  actions?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm sm:flex-row sm:items-center"
    >
      <AlertTriangleIcon className="size-5 shrink-0 text-destructive" aria-hidden="true" />
      <p className="flex-1">
        <span className="font-medium">Could not load {what}.</span> {errorMessage(error)}
      </p>
      <div className="flex gap-2">
        {actions}
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    </div>
  );
}
