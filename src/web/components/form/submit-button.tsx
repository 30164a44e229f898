import type { ComponentProps, MouseEvent } from 'react';
import { LoaderCircleIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/**
 * For a form's Submit and Cancel: pressing the button leaves the focus in the field being typed in.
 * Otherwise that field blurs on mouse-down and, forms validating on blur (useAppForm), shows its
 * error in the middle of the click; the new line pushes the button down (a dialog at its full
 * height scrolls instead of growing), the mouse-up lands beside it and the click is lost: the
 * form neither submits nor closes, only the one field's error shows. The click itself validates
 * every field; keyboard use is unchanged.
 */
export function keepFocusOnPress(event: MouseEvent<HTMLButtonElement>): void {
  if (event.button === 0) event.preventDefault();
}

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, 'type'> & {
  busy: boolean;
  /** Shown while busy, e.g. "Saving...". */
  busyText: string;
};

/** A form's submit button: disabled and showing `busyText` while the form is being sent. */
export function SubmitButton({ busy, busyText, disabled, children, onMouseDown, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      onMouseDown={(event) => {
        keepFocusOnPress(event);
        onMouseDown?.(event);
      }}
      {...props}
    >
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
