import type { ComponentProps } from 'react';
import { LoaderCircleIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, 'type'> & {
  busy: boolean;
  /** Shown while busy, e.g. "Saving...". */
  busyText: string;
};

/** A form's submit button: disabled and showing `busyText` while the form is being sent. */
export function SubmitButton({ busy, busyText, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={busy || disabled} aria-busy={busy || undefined} {...props}>
      {busy ? (
        <>
          <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          {busyText}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
