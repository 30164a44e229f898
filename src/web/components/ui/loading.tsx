import type { ComponentProps } from 'react';
import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '@web/lib/utils';

/** "Loading..." announced politely to screen readers. */
function Loading({ className, label = 'Loading...', ...props }: ComponentProps<'div'> & { label?: string }) {
  return (
    <div
      role="status"
      data-slot="loading"
      className={cn('flex items-center justify-center gap-2 text-sm text-muted-foreground', className)}
      {...props}
    >
      <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A whole screen waiting for something (first session check, a page bundle). */
function FullPageLoading() {
  return (
    <main className="flex min-h-svh items-center justify-center">
      <Loading />
    </main>
  );
}

export { Loading, FullPageLoading };
