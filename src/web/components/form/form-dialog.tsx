import { useState, type ReactNode } from 'react';
import { cn } from '@web/lib/utils';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { keepFocusOnPress, SubmitButton } from './submit-button';
import { DiscardChangesDialog, UnsavedChangesGuard } from './unsaved-changes-guard';

interface FormDialogProps {
  title: string;
  description: ReactNode;
  /** From useAppForm. */
  onSubmit: (event?: React.BaseSyntheticEvent) => void;
  isSubmitting: boolean;
  isDirty: boolean;
  onClose: () => void;
  submitLabel: string;
  busyText: string;
  submitDisabled?: boolean;
  /** Width and scrolling of the dialog. */
  contentClassName?: string;
  /** Layout of the fields (a column by default). */
  formClassName?: string;
  /** E.g. a column span when the fields are a grid. */
  footerClassName?: string;
  children: ReactNode;
  /** Below the form, not saved with it: e.g. an existing record's files, attached and deleted at once. */
  after?: ReactNode;
}

/**
 * A form in a dialog: title, fields, Cancel and a busy submit button. Closing with unsaved changes
 * asks first, and so does leaving the page.
 */
export function FormDialog({
  title,
  description,
  onSubmit,
  isSubmitting,
  isDirty,
  onClose,
  submitLabel,
  busyText,
  submitDisabled = false,
  contentClassName,
  formClassName = 'flex flex-col gap-4',
  footerClassName,
  children,
  after,
}: FormDialogProps) {
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const requestClose = () => {
    if (isSubmitting) return;
    if (isDirty) setConfirmDiscard(true);
    else onClose();
  };
  return (
    <>
      <Dialog open onOpenChange={(open) => (open ? undefined : requestClose())}>
        <DialogContent className={contentClassName}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <form onSubmit={onSubmit} noValidate className={formClassName}>
            {children}
            <DialogFooter className={cn('pt-2', footerClassName)}>
              <Button variant="outline" onMouseDown={keepFocusOnPress} onClick={requestClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <SubmitButton busy={isSubmitting} busyText={busyText} disabled={submitDisabled}>
                {submitLabel}
              </SubmitButton>
            </DialogFooter>
          </form>
          {after ? <div className="border-t pt-4">{after}</div> : null}
        </DialogContent>
      </Dialog>
      <DiscardChangesDialog open={confirmDiscard} onStay={() => setConfirmDiscard(false)} onDiscard={onClose} />
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
    </>
  );
}
