import type { ComponentProps, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@web/lib/utils';

interface EmptyStateProps extends Omit<ComponentProps<'section'>, 'title'> {
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  /** Heading level of the title, so the page outline stays in order. */
  headingLevel?: 'h2' | 'h3';
  action?: ReactNode;
}

function EmptyState({
  icon: Icon,
  title,
  description,
  headingLevel: Heading = 'h2',
  action,
  className,
  ...props
}: EmptyStateProps) {
  return (
    <section
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center',
        className,
      )}
      {...props}
    >
      {Icon ? (
        <div className="flex size-12 items-center justify-center rounded-full bg-muted">
          <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
        </div>
      ) : null}
      <Heading className="text-lg font-semibold">{title}</Heading>
      {description ? <p className="max-w-md text-sm text-muted-foreground">{description}</p> : null}
      {action}
    </section>
  );
}

export { EmptyState };
