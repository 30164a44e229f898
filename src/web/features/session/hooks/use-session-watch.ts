import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@common/constants';
import { useActivitySessionTracking } from './use-activity-session-tracking';
import { useInactivityTimer } from './use-inactivity-timer';

export type SessionSignOutReason = 'user' | 'inactivity';

interface SessionWatchOptions {
  userId: string;
  /** The app's logout flow; called once, after this tab's activity session has ended. */
  onSignOut: (reason: SessionSignOutReason) => Promise<void>;
}

/**
 * Everything a signed-in tab watches: inactivity (warning, countdown,
 * automatic sign-out) and the activity-session record on the server.
 */
export function useSessionWatch({ userId, onSignOut }: SessionWatchOptions) {
  const timer = useInactivityTimer();
  const tracking = useActivitySessionTracking(userId, timer.getLastActivityAt);
  const { ping, end } = tracking;
  const signingOutRef = useRef(false);
  const [isSigningOut, setIsSigningOut] = useState(false);

  const signOut = useCallback(
    async (reason: SessionSignOutReason) => {
      if (signingOutRef.current) return;
      signingOutRef.current = true;
      setIsSigningOut(true);
      try {
        // End the record while the session cookie still exists.
        await end();
        await onSignOut(reason);
      } finally {
        signingOutRef.current = false;
        setIsSigningOut(false);
      }
    },
    [end, onSignOut],
  );

  const expired = timer.state.phase === 'expired';
  useEffect(() => {
    if (expired) void signOut('inactivity');
  }, [expired, signOut]);

  const { extend } = timer;
  const stayLoggedIn = useCallback(() => {
    extend();
    ping(true);
    toast.success(MESSAGES.sessionExtended);
  }, [extend, ping]);

  return {
    warning: timer.state.phase === 'warning' ? { secondsLeft: timer.state.secondsLeft } : null,
    stayLoggedIn,
    signOut,
    isSigningOut,
  };
}
