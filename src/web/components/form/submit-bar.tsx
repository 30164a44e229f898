import { useId, type ReactNode } from 'react';

/** What the bar's action button takes: spread it on the button. */
export interface SubmitBarAction {
  disabled: boolean;
  'aria-describedby': string | undefined;
}

interface SubmitBarProps {
  /** Why the action cannot be taken yet, shown beside it; null when nothing blocks it. */
  blocked: string | null;
  /** The action is under way (disabled, without a reason). */
  pending?: boolean;
  /** Shown beside the action when nothing blocks it, e.g. what it will do. */
  ready?: ReactNode;
  className?: string;
  /** The action button (and any button beside it), given its `disabled` and `aria-describedby`. */
  children: (action: SubmitBarAction) => ReactNode;
}

/**
 * A screen's submit button with, beside it, why it is disabled: while `blocked` holds a reason the
 * button is disabled and screen readers read the reason with it.
 */
export function SubmitBar({
  blocked,
  pending = false,
  ready,
  className = 'flex flex-wrap items-center gap-3',
  children,
}: SubmitBarProps) {
  const reasonId = useId();
  return (
    <div className={className}>
      {children({ disabled: blocked !== null || pending, 'aria-describedby': blocked ? reasonId : undefined })}
      {blocked ? (
        <p id={reasonId} className="text-sm text-muted-foreground">
          {blocked}
        </p>
      ) : ready ? (
        <p className="text-sm text-muted-foreground">{ready}</p>
      ) : null}
    </div>
  );
}
