import { useCallback, useEffect, useRef, useState } from 'react';
import { ACTIVITY_DEBOUNCE_MS } from '@common/constants';
import {
  activityResetsTimer,
  inactivityState,
  msUntilNextCheck,
  type InactivityState,
} from '../model/inactivity.model';

/** The events that count as the user doing something (spec §4). */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

const ACTIVE: InactivityState = { phase: 'active' };

function sameState(a: InactivityState, b: InactivityState): boolean {
  if (a.phase !== b.phase) return false;
  return a.phase !== 'warning' || b.phase !== 'warning' || a.secondsLeft === b.secondsLeft;
}

export interface InactivityTimer {
  state: InactivityState;
  /** "Stay Logged In": counts as activity even while the warning is open. */
  extend: () => void;
  /** Wall-clock time of the last activity that reset the timer. */
  getLastActivityAt: () => number;
}

/**
 * Tracks user activity (debounced by 1 s) and derives the inactivity state
 * from wall-clock time on each timer tick and whenever the tab becomes
 * visible again. While the warning is open, activity is ignored.
 */
export function useInactivityTimer(): InactivityTimer {
  const [state, setState] = useState<InactivityState>(ACTIVE);
  const lastActivityRef = useRef(0);
  const extendRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    lastActivityRef.current = Date.now();
    let checkTimer: ReturnType<typeof setTimeout> | undefined;
    let debounceTimer: ReturnType<typeof setTimeout> | undefined;
    let pendingActivityAt = 0;
    let expired = false;

    const evaluate = () => {
      clearTimeout(checkTimer);
      if (expired) return;
      const now = Date.now();
      const next = inactivityState(lastActivityRef.current, now);
      setState((previous) => (sameState(previous, next) ? previous : next));
      if (next.phase === 'expired') {
        expired = true;
        return;
      }
      const wait = msUntilNextCheck(lastActivityRef.current, now);
      if (wait !== null) checkTimer = setTimeout(evaluate, wait);
    };

    const commitActivity = () => {
      debounceTimer = undefined;
      // Activity only counts if the warning was not yet due when it happened.
      if (activityResetsTimer(inactivityState(lastActivityRef.current, pendingActivityAt))) {
        lastActivityRef.current = Math.max(lastActivityRef.current, pendingActivityAt);
      }
      evaluate();
    };

    const onActivity = () => {
      if (expired) return;
      pendingActivityAt = Date.now();
      clearTimeout(debounceTimer);
      debounceTimer = setTimeout(commitActivity, ACTIVITY_DEBOUNCE_MS);
    };

    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') evaluate();
    };

    extendRef.current = () => {
      if (expired) return;
      clearTimeout(debounceTimer);
      lastActivityRef.current = Date.now();
      evaluate();
    };

    const listenerOptions: AddEventListenerOptions = { passive: true, capture: true };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, listenerOptions);
    document.addEventListener('visibilitychange', onVisibilityChange);
    checkTimer = setTimeout(evaluate, msUntilNextCheck(lastActivityRef.current, Date.now()) ?? 0);

    return () => {
      expired = true;
      clearTimeout(checkTimer);
      clearTimeout(debounceTimer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, listenerOptions);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      extendRef.current = () => undefined;
    };
  }, []);

  const extend = useCallback(() => extendRef.current(), []);
  const getLastActivityAt = useCallback(() => lastActivityRef.current, []);

  return { state, extend, getLastActivityAt };
}
