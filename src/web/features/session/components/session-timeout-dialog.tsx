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
import { countdownText } from '../model/inactivity.model';

interface SessionTimeoutDialogProps {
  /** Seconds until automatic sign-out; null hides the dialog. */
  secondsLeft: number | null;
  onStayLoggedIn: () => void;
  onLogOutNow: () => void;
  isLoggingOut: boolean;
}

/** The inactivity warning of spec §4. Only its two buttons act; Escape does nothing. */
export function SessionTimeoutDialog({
  secondsLeft,
  onStayLoggedIn,
  onLogOutNow,
  isLoggingOut,
}: SessionTimeoutDialogProps) {
  return (
    <AlertDialog open={secondsLeft !== null}>
      <AlertDialogContent onEscapeKeyDown={(event) => event.preventDefault()}>
        <AlertDialogHeader>
          <AlertDialogTitle>Session Timeout Warning</AlertDialogTitle>
          <AlertDialogDescription data-testid="session-timeout-countdown">
            {countdownText(secondsLeft ?? 0)}
          </AlertDialogDescription>
          <p className="text-sm text-muted-foreground">Do you want to stay logged in?</p>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <Button variant="outline" onClick={onLogOutNow} disabled={isLoggingOut}>
            {isLoggingOut ? 'Logging out...' : 'Log Out Now'}
          </Button>
          <AlertDialogCancel variant="default" onClick={onStayLoggedIn} disabled={isLoggingOut}>
            Stay Logged In
          </AlertDialogCancel>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
