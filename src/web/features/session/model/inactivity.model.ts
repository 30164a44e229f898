/**
 * The inactivity rule of spec §4 as pure functions of two wall-clock times:
 * when the user was last active and now. The hook only feeds them Date.now().
 */
import { plural } from '@common/counted';
import { INACTIVITY_COUNTDOWN_SECONDS, INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '@common/constants';

export type InactivityState = { phase: 'active' } | { phase: 'warning'; secondsLeft: number } | { phase: 'expired' };

export interface InactivityTimings {
  warningMs: number;
  timeoutMs: number;
  countdownSeconds: number;
}

const DEFAULT_TIMINGS: InactivityTimings = {
  warningMs: INACTIVITY_WARNING_MS,
  timeoutMs: INACTIVITY_TIMEOUT_MS,
  countdownSeconds: INACTIVITY_COUNTDOWN_SECONDS,
};

/**
 * Active until the warning threshold; then a countdown that ends at the
 * timeout (whichever of "countdown at zero" and "timeout passed" comes first);
 * then expired. Wall-clock based, so a sleeping computer expires on wake-up.
 */
export function inactivityState(
  lastActivityAt: number,
  now: number,
  timings: InactivityTimings = DEFAULT_TIMINGS,
): InactivityState {
  const idleMs = Math.max(0, now - lastActivityAt);
  if (idleMs >= timings.timeoutMs) return { phase: 'expired' };
  if (idleMs < timings.warningMs) return { phase: 'active' };
  const secondsLeft = Math.min(
    timings.countdownSeconds - Math.floor((idleMs - timings.warningMs) / 1000),
    Math.ceil((timings.timeoutMs - idleMs) / 1000),
  );
  return secondsLeft <= 0 ? { phase: 'expired' } : { phase: 'warning', secondsLeft };
}

/**
 * How long to wait before looking again: until the warning opens while
 * active, until the next countdown second while warning.
 */
export function msUntilNextCheck(
  lastActivityAt: number,
  now: number,
  timings: InactivityTimings = DEFAULT_TIMINGS,
): number | null {
  const idleMs = Math.max(0, now - lastActivityAt);
  const state = inactivityState(lastActivityAt, now, timings);
  switch (state.phase) {
    case 'active':
      return timings.warningMs - idleMs;
    case 'warning': {
      const intoSecond = (idleMs - timings.warningMs) % 1000;
      return 1000 - intoSecond;
    }
    case 'expired':
      return null;
  }
}

/** While the warning is open only its buttons count; activity is ignored. */
export function activityResetsTimer(state: InactivityState): boolean {
  return state.phase === 'active';
}

/** Countdown text of the warning dialog. */
export function countdownText(secondsLeft: number): string {
  return `You will be logged out in ${secondsLeft} ${plural(secondsLeft, 'second', 'seconds')} due to inactivity.`;
}
