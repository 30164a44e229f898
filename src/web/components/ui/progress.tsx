import type { ComponentProps } from 'react';
import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from '@web/lib/utils';

/**
 * A determinate progress bar (role="progressbar" with aria-valuenow, aria-valuemin, aria-valuemax);
 * `value` null = indeterminate. Name it with aria-label or aria-labelledby.
 */
function Progress({ className, value, max = 100, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const fraction = value === null || value === undefined ? null : Math.min(1, Math.max(0, value / max));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      max={max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/15', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn(
          'h-full w-full flex-1 bg-primary transition-transform duration-200',
          fraction === null && 'animate-pulse',
        )}
        style={{ transform: `translateX(-${100 - (fraction ?? 1) * 100}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}

export { Progress };
