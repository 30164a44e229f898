import { useCallback, useEffect, useRef } from 'react';
import { ACTIVITY_PING_INTERVAL_MS } from '@common/constants';
import { createActivitySession } from '../api/create-activity-session';
import { endActivitySession, endActivitySessionOnUnload } from '../api/end-activity-session';
import { pingActivitySession } from '../api/ping-activity-session';

const USER_AGENT_MAX_LENGTH = 1000;
/** Sign-out waits at most this long for the end call. */
const END_WAIT_MS = 2000;

function warn(action: string) {
  return (error: unknown) => console.warn(`Activity session: ${action} failed`, error);
}

export interface ActivitySessionTracking {
  /** Ping now; `active` says the user did something since the last ping. */
  ping: (active: boolean) => void;
  /** End this tab's activity session (before sign-out). Never throws. */
  end: () => Promise<void>;
}

/**
 * Spec §7 session tracking for one tab: a record created on sign-in, a ping
 * every 30 s and when the tab becomes visible, and an end on unload (beacon)
 * or cleanup (keepalive fetch). Failures are only logged.
 */
export function useActivitySessionTracking(userId: string, getLastActivityAt: () => number): ActivitySessionTracking {
  const pingRef = useRef<(active: boolean) => void>(() => undefined);
  const endRef = useRef<() => Promise<void>>(() => Promise.resolve());

  useEffect(() => {
    let sessionId = '';
    let lastPingAt = 0;
    let ended = true;

    const start = () => {
      sessionId = `${userId}-${Date.now()}`;
      lastPingAt = Date.now();
      ended = false;
      createActivitySession({
        id: sessionId,
        userAgent: navigator.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
        ipAddress: null,
      }).catch(warn('create'));
    };

    const ping = (active: boolean) => {
      if (ended) return;
      lastPingAt = Date.now();
      pingActivitySession(sessionId, { active }).catch(warn('ping'));
    };

    const scheduledPing = () => ping(getLastActivityAt() > lastPingAt);

    const end = async () => {
      if (ended) return;
      ended = true;
      let timeout: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        endActivitySession(sessionId).catch(warn('end')),
        new Promise<void>((resolve) => {
          timeout = setTimeout(resolve, END_WAIT_MS);
        }),
      ]);
      clearTimeout(timeout);
    };

    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') scheduledPing();
    };

    const onPageHide = () => {
      if (ended) return;
      ended = true;
      if (!endActivitySessionOnUnload(sessionId)) endActivitySession(sessionId).catch(warn('end'));
    };

    // Back from the back/forward cache: the old record was ended on pagehide.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && ended) start();
    };

    start();
    pingRef.current = ping;
    endRef.current = end;
    const interval = setInterval(scheduledPing, ACTIVITY_PING_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);

    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      pingRef.current = () => undefined;
      endRef.current = () => Promise.resolve();
      void end();
    };
  }, [userId, getLastActivityAt]);

  const ping = useCallback((active: boolean) => pingRef.current(active), []);
  const end = useCallback(() => endRef.current(), []);
  return { ping, end };
}
