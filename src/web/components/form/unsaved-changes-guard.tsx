import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';

interface DiscardChangesDialogProps {
  open: boolean;
  /** Keep editing. */
  onStay: () => void;
  /** Throw the changes away and go on. */
  onDiscard: () => void;
  discardLabel?: string;
}

/** "Discard unsaved changes?": used when leaving a dirty form (a page or a dialog). */
export function DiscardChangesDialog({
  open,
  onStay,
  onDiscard,
  discardLabel = 'Discard changes',
}: DiscardChangesDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : onStay())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Discard unsaved changes?</AlertDialogTitle>
          <AlertDialogDescription>
            You have changes that are not saved. If you leave now, they will be lost.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep editing</AlertDialogCancel>
          <Button variant="destructive" onClick={onDiscard}>
            {discardLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * While `when` is true: the browser asks before the tab is closed or reloaded, and moving to another
 * page inside the app asks first with a dialog.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a returnValue to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  return (
    <DiscardChangesDialog
      open={blocker.state === 'blocked'}
      onStay={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
      discardLabel="Leave page"
    />
  );
}
