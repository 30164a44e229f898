import { AlertTriangleIcon, DownloadIcon } from 'lucide-react';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';

/** The report could not load: the server's words and a retry. */
export function ReportError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm sm:flex-row sm:items-center"
    >
      <AlertTriangleIcon className="size-5 shrink-0 text-destructive" aria-hidden="true" />
      <p className="flex-1">
        <span className="font-medium">Could not load the {what}.</span> {errorMessage(error)}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** Grey rows where the report will be, announced as loading. */
export function ReportSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-2 rounded-md border p-3">
      <Skeleton className="h-6 w-full" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-5 w-full" />
      ))}
    </div>
  );
}

/** Downloads the report on screen as CSV (the same query on its export.csv). */
export function ExportLink({ href }: { href: string | undefined }) {
  return href ? (
    <a href={href} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <DownloadIcon aria-hidden="true" />
      Export CSV
    </a>
  ) : null;
}
