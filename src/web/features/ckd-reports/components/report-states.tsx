import { DownloadIcon } from 'lucide-react';
import { buttonVariants } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';

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
